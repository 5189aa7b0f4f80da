package dev.arbor.inspector;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Chromium driven by Selenium: Debian's {@code chromium} and {@code chromium-driver}
 * (never a browser downloaded at test time). Where they are missing the browser tests are skipped
 * with the reason, unless {@code -Darbor.browser=required} (which {@code .ci/run} passes) makes
 * that a failure.
 */
final class Browser implements AutoCloseable {
    static final Path CHROMIUM = Path.of(System.getProperty("arbor.chromium", "/usr/bin/chromium"));
    static final Path DRIVER = Path.of(System.getProperty("arbor.chromedriver", "/usr/bin/chromedriver"));
    static final Path SHOTS = Path.of("target", "screenshots");

    final WebDriver driver;
    private final Path profile;

    /** Skips (or, when required, fails) the calling test when no browser is installed. */
    static void assumeInstalled() {
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER)) {
            return;
        }
        String missing = "no headless browser: " + CHROMIUM + " and " + DRIVER
                + " are needed (Debian packages chromium and chromium-driver)";
        if ("required".equals(System.getProperty("arbor.browser"))) {
            throw new AssertionError(missing + "; -Darbor.browser=required makes this a failure");
        }
        Assumptions.abort(missing + " (skipped; -Darbor.browser=required makes this a failure)");
    }

    Browser() throws IOException {
        profile = Files.createTempDirectory("arbor-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-extensions", "--window-size=1500,950", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(10));
    }

    WebDriverWait waitUpTo(double seconds) {
        return new WebDriverWait(driver, Duration.ofMillis((long) (seconds * 1000)), Duration.ofMillis(25));
    }

    WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    /**
     * Clicks the element, found anew until the click lands: a box the page redraws as records
     * arrive can replace the element between finding and clicking it.
     */
    void click(String css) {
        waitUpTo(3).ignoring(StaleElementReferenceException.class).until(d -> {
            find(css).click();
            return true;
        });
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** The ids of the states the chart shows highlighted, such as [s0, s1, s2]. */
    @SuppressWarnings("unchecked")
    List<String> highlighted() {
        return (List<String>) js("return [...document.querySelectorAll('#chart g.state.on')].map(g => g.id)");
    }

    /** The trace's rows, oldest first, as "type detail (cause)", read in one script (the page redraws them as records arrive). */
    @SuppressWarnings("unchecked")
    List<String> traceRows() {
        return (List<String>) js("return [...document.querySelectorAll('#trace tbody tr')].reverse()"
                + ".map(tr => tr.cells[2].textContent + ' ' + tr.cells[3].textContent + ' (' + tr.cells[4].textContent + ')')");
    }

    /** Saves a screenshot under target/screenshots. */
    Path screenshot(String name) throws IOException {
        Files.createDirectories(SHOTS);
        Path file = SHOTS.resolve(name + ".png");
        Files.write(file, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
        return file;
    }

    @Override
    public void close() throws IOException {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

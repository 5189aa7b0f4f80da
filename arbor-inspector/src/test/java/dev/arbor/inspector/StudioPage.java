package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.interactions.WheelInput;
import org.openqa.selenium.support.ui.Select;

/**
 * The studio's page as a designer uses it, for the browser tests: clicks on the drawing, the
 * panel's fields, the dialog, the bar's buttons. Each edit waits until the page holds the
 * server's answer (the document's revision moved on).
 */
final class StudioPage {
    private final Browser b;

    StudioPage(Browser browser) {
        this.b = browser;
    }

    /** Waits until the page is in the studio with its document read. */
    StudioPage awaitStudio() {
        b.waitUpTo(10).until(d -> b.find("#studio-bar").isDisplayed()
                && Boolean.TRUE.equals(b.js("return studio.doc !== null")));
        return this;
    }

    long revision() {
        return ((Number) b.js("return studio.doc ? studio.doc.revision : -1")).longValue();
    }

    /** The document's text as the page holds it. */
    String text() {
        return (String) b.js("return studio.doc.text");
    }

    boolean dirty() {
        return b.find("#studio-dirty").isDisplayed();
    }

    /** Runs {@code action} and waits until the page shows the document it changed. */
    void editing(Runnable action) {
        long before = revision();
        action.run();
        try {
            b.waitUpTo(5).until(d -> revision() > before);
        } catch (RuntimeException e) {
            throw new AssertionError("the edit did not reach the document (revision " + before + "); the page says: "
                    + b.find("#message").getText(), e);
        }
    }

    /** Clicks a state on the drawing: a container just inside its corner (above its children), any other at its middle. */
    List<Number> clickState(String name) {
        b.waitUpTo(5).until(d -> !b.all(stateCss(name)).isEmpty());
        @SuppressWarnings("unchecked")
        List<Number> at = (List<Number>) b.js("""
                const g = document.querySelector(arguments[0]);
                const shape = g.firstElementChild;
                const box = shape.getBBox();
                const container = g.dataset.kind === 'compound' || g.dataset.kind === 'parallel';
                const p = shape.ownerSVGElement.createSVGPoint();
                p.x = container ? box.x + 5 : box.x + box.width / 2;
                p.y = container ? box.y + 5 : box.y + box.height / 2;
                const q = p.matrixTransform(shape.getScreenCTM());
                return [q.x, q.y];
                """, stateCss(name));
        new Actions(b.driver).moveToLocation(at.get(0).intValue(), at.get(1).intValue()).click().perform();
        return at;
    }

    /**
     * Clicks a transition's arrow on the drawing: the one from {@code source} labelled {@code label},
     * on its label, or on the middle of its line's longest segment when {@code onLine}.
     */
    List<Number> clickArrow(String source, String label, boolean onLine) {
        @SuppressWarnings("unchecked")
        List<Number> at = (List<Number>) b.js("""
                const g = [...document.querySelectorAll('#chart g.transition[data-transition]')]
                    .find(g => g.dataset.source === arguments[0] && g.querySelector('text') && g.querySelector('text').textContent === arguments[1]);
                if (!g) return null;
                const svg = g.ownerSVGElement;
                const p = svg.createSVGPoint();
                if (arguments[2]) {
                  const line = g.querySelector('polyline');
                  const pts = line.getAttribute('points').trim().split(/\\s+/).map(x => x.split(',').map(Number));
                  let best = 0, len = -1;
                  for (let i = 0; i + 1 < pts.length; i++) {
                    const l = Math.hypot(pts[i + 1][0] - pts[i][0], pts[i + 1][1] - pts[i][1]);
                    if (l > len) { len = l; best = i; }
                  }
                  p.x = (pts[best][0] + pts[best + 1][0]) / 2;
                  p.y = (pts[best][1] + pts[best + 1][1]) / 2;
                  const q = p.matrixTransform(line.getScreenCTM());
                  return [q.x, q.y];
                }
                const text = g.querySelector('text');
                const box = text.getBBox();
                p.x = box.x + box.width / 2;
                p.y = box.y + box.height / 2;
                const q = p.matrixTransform(text.getScreenCTM());
                return [q.x, q.y];
                """, source, label, onLine);
        assertThat(at).as("an arrow from " + source + " labelled " + label).isNotNull();
        new Actions(b.driver).moveToLocation((int) Math.round(at.get(0).doubleValue()), (int) Math.round(at.get(1).doubleValue()))
                .click().perform();
        return at;
    }

    /** Zooms the drawing in with the mouse wheel, {@code steps} notches about the middle of a state (for a screenshot a reader can read). */
    void zoomAt(String name, int steps) {
        WebElement g = b.find(stateCss(name) + " > *:first-child");
        for (int i = 0; i < steps; i++) {
            new Actions(b.driver).scrollFromOrigin(WheelInput.ScrollOrigin.fromElement(g), 0, -120).perform();
        }
    }

    static String stateCss(String name) {
        return "#chart g.state[data-state='" + name + "']";
    }

    /**
     * Selects a state by clicking it on the drawing; its properties open. A drawing that an edit
     * just changed may still be redrawn between measuring the state and the click (measured in CI:
     * a state 20 px lower by the time the click landed), so a click that selects nothing is made
     * again where the state is then, up to three times.
     */
    void select(String name) {
        List<Number> at = null;
        RuntimeException missed = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            at = clickState(name);
            try {
                b.waitUpTo(attempt < 2 ? 1 : 3).until(d -> name.equals(b.js("return studio.selected"))
                        && !b.all("#studio-panel input[data-key='name']").isEmpty());
                return;
            } catch (RuntimeException e) {
                missed = e;
            }
        }
        throw new AssertionError("a click at " + at + " did not select " + name + ": " + b.js("""
                    const g = document.querySelector("#chart g.state[data-state='" + arguments[2] + "']");
                    const r = g && g.firstElementChild.getBoundingClientRect();
                    return JSON.stringify({selected: studio.selected, drawn: String(state.drawnChart), ours: studio.svgKey,
                      now: r && [r.left, r.top, r.width, r.height], view: state.view,
                      under: document.elementsFromPoint(arguments[0], arguments[1]).slice(0, 4).map(e => e.tagName + '.' + e.getAttribute('class') + '@' + (e.closest('g') ? e.closest('g').id + '/' + e.closest('g').dataset.state + '/' + e.closest('g').getAttribute('class') : '-') + ' ' + (e.getAttribute('x') + ',' + e.getAttribute('y') + ' ' + e.getAttribute('width') + 'x' + e.getAttribute('height')))})
                    """, at.get(0), at.get(1), name), missed);
    }

    /** Back to the chart's own panel (nothing selected). */
    void selectChart() {
        b.find("#studio-chart").click();
        b.waitUpTo(3).until(d -> b.js("return studio.selected") == null);
    }

    /** "Add state" (inside the selected state, or at the top level), named in the dialog. */
    void addState(String name) {
        b.find("#studio-add-state").click();
        editing(() -> answer(name));
        b.waitUpTo(3).until(d -> name.equals(b.js("return studio.selected")));
    }

    /** The number of the last save, 0 before the first. */
    long saves() {
        return ((Number) b.js("return studio.doc.saved ? studio.doc.saved.seq : 0")).longValue();
    }

    /** Runs {@code action} and waits until the page shows that the document was saved once more. */
    void saving(Runnable action) {
        long before = saves();
        action.run();
        try {
            b.waitUpTo(5).until(d -> saves() > before);
        } catch (RuntimeException e) {
            throw new AssertionError("the document was not saved; the page says: " + b.find("#message").getText(), e);
        }
    }

    /** Clicks Save and waits until the document is saved. */
    void save() {
        saving(() -> b.find("#studio-save").click());
    }

    /** Types into the dialog's field and confirms. */
    void answer(String value) {
        b.waitUpTo(3).until(d -> b.find("#studio-dialog").isDisplayed());
        WebElement input = b.find("#studio-dialog-fields input");
        input.sendKeys(Keys.chord(Keys.CONTROL, "a"), value, Keys.ENTER);
        b.waitUpTo(3).until(d -> !b.find("#studio-dialog").isDisplayed());
    }

    /** The dialog's question and its list, once it shows. */
    @SuppressWarnings("unchecked")
    List<String> dialog() {
        b.waitUpTo(3).until(d -> b.find("#studio-dialog").isDisplayed());
        return (List<String>) b.js("return [document.getElementById('studio-dialog-text').textContent,"
                + " ...[...document.querySelectorAll('#studio-dialog-list li')].map(li => li.textContent)]");
    }

    void panelButton(String key) {
        b.find("#studio-panel button[data-key='" + key + "']").click();
    }

    /** "Add transition" on the selected state: the event typed, then the target clicked on the drawing. */
    void drawTransition(String event, String target) {
        startTransition(event);
        editing(() -> clickState(target));
    }

    /** "Add transition" on the selected state: the event typed, the target picked from the list (it may not be drawn yet). */
    void pickTransition(String event, String target) {
        startTransition(event);
        editing(() -> new Select(b.find("#studio-pick-target")).selectByValue(target));
    }

    private void startTransition(String event) {
        panelButton("add-transition");
        b.waitUpTo(3).until(d -> b.find("#studio-pick").isDisplayed());
        b.find("#studio-pick-event").sendKeys(event);
    }

    /** Fit: the whole drawing in view (as after an edit that made it taller than the view kept). */
    void fit() {
        b.find("#zoom-fit").click();
    }

    /** Opens the selected state's transition {@code index} in the panel: a click on its line. */
    void openTransition(int index) {
        b.find("#studio-panel ol.transitions li[data-index='" + index + "'] a").click();
        awaitTransitionEditor(index);
    }

    /** Waits until the panel shows the editor of the selected state's transition {@code index} (a new one opens by itself). */
    void awaitTransitionEditor(int index) {
        b.waitUpTo(3).until(d -> !b.all("#studio-panel ol.transitions li.open[data-index='" + index + "'] .transition-editor").isEmpty());
    }

    /** The selected state's transitions as the panel lists them, one line each. */
    @SuppressWarnings("unchecked")
    List<String> transitions() {
        return (List<String>) b.js("return [...document.querySelectorAll('#studio-panel ol.transitions li > a')].map(a => a.textContent)");
    }

    /** In the chart's panel: a variable's name typed under the list, its type chosen, "Add variable". */
    void addVariable(String name, String type) {
        b.find("#studio-panel [data-key='var-new-name']").sendKeys(name);
        new Select(b.find("#studio-panel [data-key='var-new-type']")).selectByValue(type);
        editing(() -> b.find("#studio-panel [data-key='var-add']").click());
    }

    /** The value of the panel's field or select {@code key}. */
    String value(String key) {
        return b.find("#studio-panel [data-key='" + key + "']").getAttribute("value");
    }

    /** Types a new value into the panel's field and leaves it (Tab): the edit is made on change. */
    void type(String key, String value) {
        editing(() -> b.find("#studio-panel [data-key='" + key + "']").sendKeys(Keys.chord(Keys.CONTROL, "a"), value, Keys.TAB));
    }

    /** Chooses a value in the panel's select (when it is not the one chosen). */
    void choose(String key, String value) {
        Select select = new Select(b.find("#studio-panel select[data-key='" + key + "']"));
        if (value.equals(select.getFirstSelectedOption().getAttribute("value"))) {
            return; // chosen already: nothing to change
        }
        editing(() -> select.selectByValue(value));
    }

    /** The problems list: "WHERE severity (state S) message" a line. */
    @SuppressWarnings("unchecked")
    List<String> problems() {
        return (List<String>) b.js("return [...document.querySelectorAll('#studio-problems li')].map(li => li.textContent)");
    }

    /** Each drawn state's top-left corner in the drawing's own units, by name. */
    @SuppressWarnings("unchecked")
    Map<String, List<Double>> positions() {
        Map<String, List<Number>> raw = (Map<String, List<Number>>) b.js("""
                const out = {};
                for (const g of document.querySelectorAll('#chart g.state')) {
                  const s = g.firstElementChild;
                  const box = s.getAttribute('data-box');
                  out[g.dataset.state] = box ? box.split(' ').slice(0, 2).map(Number)
                      : [Number(s.getAttribute('x')), Number(s.getAttribute('y'))];
                }
                return out;
                """);
        Map<String, List<Double>> out = new TreeMap<>();
        raw.forEach((k, v) -> out.put(k, v.stream().map(Number::doubleValue).toList()));
        return out;
    }

    /** The states outlined on the drawing for an error of the document. */
    @SuppressWarnings("unchecked")
    List<String> outlinedErrors() {
        return (List<String>) b.js("return [...document.querySelectorAll('#chart g.state.doc-error')].map(g => g.dataset.state)");
    }

    void assertNoDialog() {
        assertThat(b.find("#studio-dialog").isDisplayed()).isFalse();
    }
}

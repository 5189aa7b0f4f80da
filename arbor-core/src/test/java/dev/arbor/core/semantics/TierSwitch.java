package dev.arbor.core.semantics;

/**
 * The tier switches of a chart ({@link ChartCore}) and a machine's raw configuration, for the tests
 * of other packages that hold every tier to the same trace. The switches are package-private in
 * the engine: no user reaches them.
 */
public final class TierSwitch {
    /** The setting {@code arbor.specialize=build}: specialized when built. */
    public static final int AT_BUILD = ChartCore.AT_BUILD;

    private TierSwitch() {}

    /** Specializes the chart now, whatever the setting; null without a speed tier. */
    public static SpecializedDispatch specializeNow(ChartCore chart) {
        return chart.specializeNow();
    }

    /** Keeps the chart interpreted, whatever the setting. */
    public static void neverSpecialize(ChartCore chart) {
        chart.neverSpecialize();
    }

    /** Events and ticks by the general SCXML step only, never specialized. */
    public static void generalOnly(ChartCore chart) {
        chart.generalOnly();
    }

    /** Whether ticks may take the flat path. */
    public static boolean flatTicks(ChartCore chart) {
        return chart.flatTicks;
    }

    /** Ticks by the general path only. */
    public static void generalTicksOnly(ChartCore chart) {
        chart.generalTicksOnly();
    }

    /** Interpreted again, specialized in the background after {@code events} more events. */
    public static void specializeInBackgroundAfter(ChartCore chart, int events) {
        chart.specializeInBackgroundAfter(events);
    }

    /** The specialized dispatch if it is ready, without counting an event. */
    public static SpecializedDispatch specializedIfReady(ChartCore chart) {
        return chart.specializedIfReady();
    }

    /** The setting {@code arbor.specialize} parsed. */
    public static int specializeAfter(String setting) {
        return ChartCore.specializeAfter(setting);
    }

    /** Overwrites states 0 to 63 of a machine's configuration, for tests of compiled routes. */
    public static void setActive0(MachineCore m, long bits) {
        m.active0 = bits;
    }
}

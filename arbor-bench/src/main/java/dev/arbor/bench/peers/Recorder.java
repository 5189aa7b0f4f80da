package dev.arbor.bench.peers;

/** An owner whose actions make records: each is one counter increment, and a trace when tracing. */
public interface Recorder {
    /**
     * Makes one record.
     *
     * @param record the record, a constant such as {@code "s1-ENTRY"}
     */
    void rec(String record);
}

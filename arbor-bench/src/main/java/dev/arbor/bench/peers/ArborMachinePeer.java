package dev.arbor.bench.peers;

import dev.arbor.core.Chart;
import dev.arbor.core.Machine;
import java.util.List;

/** An Arbor peer: one {@link Machine} of a QHsmTst chart, whichever way the chart is written. */
abstract class ArborMachinePeer implements QhsmPeer {
    private final QhsmOwner owner;
    private final Machine<QhsmOwner> machine;

    ArborMachinePeer(Chart<QhsmOwner> chart, QhsmOwner owner) {
        this.owner = owner;
        this.machine = chart.newMachine(owner);
    }

    @Override
    public void start() {
        machine.start();
    }

    @Override
    public void fire(Sig signal) {
        machine.fire(signal);
    }

    @Override
    public QhsmOwner owner() {
        return owner;
    }

    @Override
    public Q leaf() {
        List<Object> leaves = machine.activeLeaves();
        return (Q) leaves.get(0);
    }

    public Machine<QhsmOwner> machine() {
        return machine;
    }
}

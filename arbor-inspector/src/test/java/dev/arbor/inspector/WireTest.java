package dev.arbor.inspector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.arbor.core.Cause;
import dev.arbor.core.Machine;
import dev.arbor.core.MachineState;
import dev.arbor.core.dispatch.Dispatcher;
import dev.arbor.inspector.capture.Kind;
import dev.arbor.inspector.model.ChartView;
import dev.arbor.inspector.model.Model;
import dev.arbor.inspector.model.Rec;
import dev.arbor.inspector.model.Wire;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The wire format: every record read back as written; a recording replayed gives the model the live session had. */
class WireTest {

    @Test
    void aRecordingReplaysIntoTheSameModel(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("session.jsonl");
        Model replayed;
        Model live;
        try (Inspector inspector = Inspector.start(InspectorOptions.defaults().quiet())) {
            inspector.record(file);
            Dispatcher dispatcher = new Dispatcher();
            Machine<Npc.Owner> a = Npc.chart().newMachine(new Npc.Owner());
            Machine<Npc.Owner> b = Npc.chart().newMachine(new Npc.Owner());
            inspector.attach(a, "a").attach(b, "b");
            dispatcher.register(1, a).register(2, b);
            inspector.attach(dispatcher);
            a.start();
            b.start();
            MachineState start = a.snapshot();
            for (long t = 1; t <= 30; t++) {
                inspector.gate();
                if (t % 7 == 0) {
                    dispatcher.send(t, 3, 1, 2, Npc.Ev.SEE_ENEMY);
                }
                if (t == 12) {
                    a.fire(Npc.Ev.ARRIVED);
                    a.fire(Npc.Ev.HIT); // unhandled in PATROL
                }
                if (t == 20) {
                    a.restore(start, Cause.RESTORE);
                }
                a.update();
                b.update();
                dispatcher.deliver(t);
            }
            inspector.stopRecording();
            live = inspector.model();
        }
        try (Inspector replay = Inspector.replay(file, InspectorOptions.defaults().quiet())) {
            replayed = replay.model();
        }
        assertThat(replayed.machines()).hasSize(2);
        for (int slot = 0; slot < 2; slot++) {
            Model.MachineView l = live.machine(slot);
            Model.MachineView r = replayed.machine(slot);
            assertThat(r.name).isEqualTo(l.name);
            assertThat(r.activeIds()).isEqualTo(l.activeIds());
            assertThat(r.lastEvent).isEqualTo(l.lastEvent);
            assertThat(r.trace()).extracting(e -> e.seq + " " + Kind.NAMES[e.kind] + " " + e.a + " " + e.text + " " + e.cause)
                    .isEqualTo(l.trace().stream().map(e -> e.seq + " " + Kind.NAMES[e.kind] + " " + e.a + " " + e.text + " " + e.cause).toList());
        }
        assertThat(replayed.telegrams()).extracting(t -> t.event + " " + replayed.agentName(t.sender) + "->"
                + replayed.agentName(t.receiver) + " @" + t.deliveredAt)
                .containsExactly("SEE_ENEMY a->b @10", "SEE_ENEMY a->b @17", "SEE_ENEMY a->b @24", "SEE_ENEMY a->b @-1");
        assertThat(Files.readAllLines(file)).anyMatch(l -> l.contains("\"type\":\"unhandled\"") && l.contains("\"event\":\"HIT\""))
                .anyMatch(l -> l.contains("\"cause\":\"restore\""));
    }

    @Test
    void everyKindOfRecordReadsBackAsWritten() {
        for (int kind = 0; kind < Kind.NAMES.length; kind++) {
            if (Kind.NAMES[kind] == null) {
                continue; // a microstep is expanded by the collector and never reaches the wire
            }
            Rec r = new Rec();
            r.seq = 42;
            r.kind = kind;
            r.tick = 7;
            r.machine = kind == Kind.SENT ? 0 : 3;
            r.cause = "replay";
            r.a = 5;
            r.b = 9;
            r.c = 2;
            r.due = 11;
            r.text = "EV";
            r.chart = 2;
            r.attach = new Rec.Attach("npc", 1, List.of(0, 1), java.util.Map.of(3, List.of(2)), List.of(20, 1, -4));
            r.report = new Rec.Report("a", "b", "moved");
            r.pending = List.of(new Rec.Telegram(1, 5, 1, 2, "EV"));
            String json = Wire.record(r);
            Rec back = ((Wire.RecordLine) Wire.read(json)).rec();
            assertThat(Wire.record(back)).as(Kind.NAMES[kind]).isEqualTo(json);
        }
    }

    @Test
    void variableRecordsAndTheirFieldsReadBackAsWritten() {
        Rec r = new Rec();
        r.seq = 9;
        r.kind = Kind.VARIABLE;
        r.tick = 4;
        r.machine = 2;
        r.a = 1;
        r.b = -15;
        assertThat(Wire.record(r)).isEqualTo("{\"seq\":9,\"type\":\"variable\",\"tick\":4,\"machine\":2,"
                + "\"cause\":\"normal\",\"variable\":1,\"value\":-15}");
        r.between = true;
        String between = Wire.record(r);
        assertThat(between).endsWith("\"variable\":1,\"value\":-15,\"between\":true}");
        Rec back = ((Wire.RecordLine) Wire.read(between)).rec();
        assertThat(back.a).isEqualTo(1);
        assertThat(back.b).isEqualTo(-15);
        assertThat(back.between).isTrue();

        r.kind = Kind.VALUE; // in a sync: never between steps
        r.cause = "reload";
        String value = Wire.record(r);
        assertThat(value).isEqualTo("{\"seq\":9,\"type\":\"value\",\"tick\":4,\"machine\":2,"
                + "\"cause\":\"reload\",\"variable\":1,\"value\":-15}");
        back = ((Wire.RecordLine) Wire.read(value)).rec();
        assertThat(back.kind).isEqualTo(Kind.VALUE);
        assertThat(back.between).isFalse();
        assertThat(Wire.record(back)).isEqualTo(value);

        r.kind = Kind.ATTACH;
        r.attach = new Rec.Attach("shop", 3, List.of(0, 2), java.util.Map.of(), List.of(15, 1, 2));
        String attach = Wire.record(r);
        assertThat(attach).contains("\"variables\":[15,1,2]");
        assertThat(((Wire.RecordLine) Wire.read(attach)).rec().attach.variables()).containsExactly(15, 1, 2);
        String older = attach.replace(",\"variables\":[15,1,2]", "");
        assertThat(((Wire.RecordLine) Wire.read(older)).rec().attach.variables()).as("an attach written before variables")
                .isEmpty();
    }

    @Test
    void aChartCarriesItsVariablesAndOneWithoutThemReadsAsDeclaringNone() throws Exception {
        ChartView.VariableView gold = new ChartView.VariableView("gold", "int", -10, 999, List.of(), 20);
        ChartView.VariableView mood = new ChartView.VariableView("mood", "enum", 0, 2, List.of("calm", "grumpy", "angry"), 0);
        ChartView.VariableView alert = new ChartView.VariableView("alert", "bool", 0, 1, List.of(), 0);
        ChartView.VariableView bell = new ChartView.VariableView("bell", "trigger", 0, 1, List.of(), 0);
        ChartView chart = new ChartView(4, "shop", List.of(new ChartView.StateView("shop", "", -1, "compound", false)),
                List.of(), List.of("dawn"), List.of(gold, mood, alert, bell), "<svg/>");
        String line = Wire.chart(chart);
        com.fasterxml.jackson.databind.JsonNode json = Wire.JSON.readTree(line);
        assertThat(json.get("variables")).hasSize(4);
        assertThat(json.get("variables").get(1).toString()).as("a variable on the wire: name, type word, range, names, initial")
                .isEqualTo("{\"name\":\"mood\",\"type\":\"enum\",\"min\":0,\"max\":2,"
                        + "\"values\":[\"calm\",\"grumpy\",\"angry\"],\"initial\":0}");
        ChartView back = ((Wire.ChartLine) Wire.read(line)).chart();
        assertThat(back).isEqualTo(chart);
        assertThat(List.of(gold.show(-4), mood.show(1), alert.show(1), bell.show(0), mood.show(7)))
                .containsExactly("-4", "grumpy", "true", "false", "#7");
        assertThat(List.of(gold.describe(), mood.describe(), alert.describe()))
                .containsExactly("an int from -10 to 999", "one of calm, grumpy, angry", "bool");

        com.fasterxml.jackson.databind.node.ObjectNode older = (com.fasterxml.jackson.databind.node.ObjectNode) json;
        older.remove("variables");
        ChartView old = ((Wire.ChartLine) Wire.read(older.toString())).chart();
        assertThat(old.variables()).as("a chart written before charts carried their variables").isEmpty();
        assertThat(old.states()).isEqualTo(chart.states());
    }

    @Test
    void aFileThatIsNotARecordingIsRefusedWithItsLine(@TempDir Path dir) throws Exception {
        Path notOne = dir.resolve("x.jsonl");
        Files.writeString(notOne, "{\"type\":\"enter\"}\n");
        assertThatThrownBy(() -> Inspector.replay(notOne, InspectorOptions.defaults().quiet()))
                .hasMessage(notOne + ":1: not an Arbor inspector recording (no hello line)");
        Path broken = dir.resolve("y.jsonl");
        Files.writeString(broken, Wire.hello() + "\n{\"type\":\"explode\"}\n");
        assertThatThrownBy(() -> Inspector.replay(broken, InspectorOptions.defaults().quiet()))
                .hasMessage(broken + ":2: unknown record type 'explode'");
        Path truncated = dir.resolve("z.jsonl");
        Files.writeString(truncated, Wire.hello() + "\n{\"type\":\"ent");
        assertThatThrownBy(() -> Inspector.replay(truncated, InspectorOptions.defaults().quiet()))
                .hasMessageStartingWith(truncated + ":2: not JSON");
        Path future = dir.resolve("v.jsonl");
        Files.writeString(future, "{\"type\":\"hello\",\"format\":\"arbor-inspector\",\"version\":9}\n");
        assertThatThrownBy(() -> Inspector.replay(future, InspectorOptions.defaults().quiet()))
                .hasMessage(future + ":1: recording format version 9 (this inspector reads 1)");
    }
}

package dev.arbor.io;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * JSON syntax errors in a designer's words: each file has one mistake, reported with the exact
 * place to fix and a message that names no parser internals.
 */
class SyntaxErrorsTest {

    @Test
    void aCommaAfterTheLastItemIsToBeRemoved() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "idle",
                  "states": {"idle": {"defer": ["dusk", "dawn",]}}
                }
                """)).containsExactly("npc.json:4:47: remove this comma: no item follows it before the `]` at 4:48");
    }

    @Test
    void aCommaAfterTheLastMemberIsToBeRemoved() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "idle",
                  "states": {"idle": {}},
                }
                """)).containsExactly("npc.json:4:25: remove this comma: no key follows it before the `}` at 5:1");
    }

    @Test
    void twoCommasInARowOrACommaFirst() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": "idle", "states": {"idle": {"defer": ["dusk",, "dawn"]}}}
                """)).containsExactly("npc.json:1:74: remove this comma: it follows another one at 1:73");
        assertThat(Problems.of("""
                {"chart": "npc", "initial": "idle", "states": {"idle": {"defer": [, "dawn"]}}}
                """)).containsExactly("npc.json:1:67: remove this comma: no item comes before it");
        assertThat(Problems.of("""
                {, "chart": "npc"}
                """)).containsExactly("npc.json:1:2: remove this comma: no key comes before it");
    }

    @Test
    void aMissingCommaBetweenMembersIsPlacedWhereItBelongs() {
        assertThat(Problems.of("""
                {
                  "chart": "npc"
                  "initial": "idle",
                  "states": {"idle": {}}
                }
                """)).containsExactly("npc.json:2:17: a comma is missing here, before the next key at 3:3");
    }

    @Test
    void somethingElseAfterAMemberAsksForACommaOrTheEnd() {
        assertThat(Problems.of("""
                {"chart": "npc" 2, "initial": "idle", "states": {"idle": {}}}
                """)).containsExactly("npc.json:1:17: a `,` or a `}` is expected here, not `2`");
    }

    @Test
    void aMissingCommaBetweenItemsIsPlacedWhereItBelongs() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": "idle", "states": {"idle": {"defer": ["dusk" "dawn"]}}}
                """)).containsExactly("npc.json:1:73: a comma is missing here, before the next item at 1:74");
    }

    @Test
    void anObjectLeftOpenIsFoundByTheCloserThatLinesUpWithTheOuterOne() {
        assertThat(Problems.of("""
                {
                  "chart": "npc",
                  "initial": "idle",
                  "states": {
                    "idle": {"transitions": [{"event": "go", "target": "walk"}]},
                    "walk": {
                      "onEntry": "Bye"
                  },
                  "global": {}
                }
                """)).containsExactly("npc.json:8:3: a `}` is missing for the object opened at 6:13");
    }

    @Test
    void aFileThatEndsWithObjectsOpenNamesTheInnermost() {
        assertThat(Problems.of("{\"chart\": \"npc\", \"states\": {\"idle\": {}")).containsExactly(
                "npc.json:1:39: the file ends before the JSON is complete: a `}` is missing for the object opened at 1:28");
        assertThat(Problems.of("{\"chart\": \"npc\", \"states\": {\"idle\": {\"defer\": [\"dusk\"")).containsExactly(
                "npc.json:1:54: the file ends before the JSON is complete: a `]` is missing for the list opened at 1:47");
    }

    @Test
    void aCloserOfTheWrongKindNamesTheOpenerItDoesNotMatch() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": "idle", "states": {"idle": {"defer": ["dusk", "dawn"}}}
                """)).containsExactly("npc.json:1:81: this `}` does not match the `[` opened at 1:66: add the missing `]`"
                + " before it, or remove it");
    }

    @Test
    void aListLeftOpenBeforeAKey() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": "idle", "states": {"idle": {"defer": ["dusk", "dawn", "transitions": []}}}
                """)).containsExactly("npc.json:1:96: a `]` is missing for the list opened at 1:66");
    }

    @Test
    void aStringLeftOpenIsNamedWhereItStarts() {
        assertThat(Problems.of("""
                {
                  "chart": "npc,
                  "initial": "idle",
                  "states": {"idle": {}}
                }
                """)).containsExactly("npc.json:2:17: the string opened at 2:12 does not end on its line: a `\"` is missing");
        assertThat(Problems.of("{\"chart\": \"npc")).containsExactly(
                "npc.json:1:15: the file ends inside the string opened at 1:11: a `\"` is missing");
    }

    @Test
    void aTabInsideAStringIsToBeEscaped() {
        assertThat(Problems.of("{\"chart\": \"n\tpc\", \"initial\": \"idle\", \"states\": {\"idle\": {}}}")).containsExactly(
                "npc.json:1:13: a tab inside a string is written \\t");
    }

    @Test
    void singleQuotesAreRefusedWithTheStringToWrite() {
        assertThat(Problems.of("""
                {"chart": 'npc', "initial": "idle", "states": {"idle": {}}}
                """)).containsExactly("npc.json:1:11: JSON strings use double quotes: write \"npc\", not 'npc'");
        assertThat(Problems.of("""
                {'chart': "npc", "initial": "idle", "states": {"idle": {}}}
                """)).containsExactly("npc.json:1:2: JSON strings use double quotes: write \"chart\", not 'chart'");
    }

    @Test
    void aCommentIsRefused() {
        assertThat(Problems.of("""
                {
                  "chart": "npc", // the shopkeeper
                  "initial": "idle",
                  "states": {"idle": {}}
                }
                """)).containsExactly("npc.json:2:19: a chart file cannot hold comments (JSON has none): remove this one");
        assertThat(Problems.of("""
                { /* the shopkeeper */ "chart": "npc", "initial": "idle", "states": {"idle": {}}}
                """)).containsExactly("npc.json:1:3: a chart file cannot hold comments (JSON has none): remove this one");
    }

    @Test
    void aWordThatIsNotAValue() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": idle, "states": {"idle": {}}}
                """)).containsExactly("npc.json:1:29: text is written in double quotes: \"idle\", not idle");
        assertThat(Problems.of("""
                {"chart": "npc", "allowUnreachable": tru, "initial": "idle", "states": {"idle": {}}}
                """)).containsExactly("npc.json:1:38: unknown word 'tru'; did you mean true?");
    }

    @Test
    void aKeyWithoutQuotesOrColon() {
        assertThat(Problems.of("""
                {chart: "npc", "initial": "idle", "states": {"idle": {}}}
                """)).containsExactly("npc.json:1:2: a key is written in double quotes: \"chart\"");
        assertThat(Problems.of("""
                {"chart" "npc", "initial": "idle", "states": {"idle": {}}}
                """)).containsExactly("npc.json:1:10: a `:` is missing between the key and its value");
    }

    @Test
    void aValueThatIsMissing() {
        assertThat(Problems.of("""
                {"chart": "npc", "initial": , "states": {"idle": {}}}
                """)).containsExactly("npc.json:1:29: a value is expected here (text in double quotes, a number, true,"
                + " false, null, an object or a list), not `,`");
    }
}

package dev.arbor.core.speed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.arbor.core.model.UserAction;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every member of Arbor that the engine reaches by string ({@link NamedMembers}) is declared by the
 * class the name says: renaming one fails here, at build time, rather than when a chart is
 * specialized.
 */
class NamedMembersTest {

    /** The names of the fields and methods {@code owner} declares, whatever their access. */
    private static Set<String> declared(Class<?> owner) {
        Set<String> names = new TreeSet<>();
        Stream.of(owner.getDeclaredFields()).map(Member::getName).forEach(names::add);
        Stream.of(owner.getDeclaredMethods()).map(Member::getName).forEach(names::add);
        return names;
    }

    /** NamedMembers' constants: every static field. */
    private static List<Field> constants() {
        List<Field> constants = new ArrayList<>();
        for (Field f : NamedMembers.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                constants.add(f);
            }
        }
        return constants;
    }

    @Test
    void everyNameIsAStringThatSaysItsOwner() {
        assertThat(constants()).isNotEmpty();
        for (Field f : constants()) {
            assertThat(f.getType()).as("NamedMembers.%s", f.getName()).isEqualTo(String.class);
            assertThat(f.getAnnotation(NamedMembers.Of.class)).as("NamedMembers.%s's @Of", f.getName()).isNotNull();
        }
    }

    @Test
    void everyNameIsDeclaredByItsOwner() throws IllegalAccessException {
        for (Field f : constants()) {
            Class<?> owner = f.getAnnotation(NamedMembers.Of.class).value();
            String name = (String) f.get(null);
            assertThat(declared(owner)).as("NamedMembers.%s names a member of %s", f.getName(), owner.getName())
                    .contains(name);
        }
    }

    /** The shapes of a single action: all but {@link UserAction#SEQUENCE}, which runs its parts' adapters. */
    @Test
    void everyShapeOfActionHasItsAdapter() {
        Set<String> userCode = declared(UserCodeHandles.class);
        for (int shape = UserAction.OWNER; shape <= UserAction.HANDLER_UPDATE; shape++) {
            assertThat(userCode).as("the adapter of action shape %d", shape).contains(NamedMembers.actionAdapter(shape));
        }
        assertThat(UserAction.SEQUENCE).as("the one shape after the single actions'").isEqualTo(UserAction.HANDLER_UPDATE + 1);
    }
}

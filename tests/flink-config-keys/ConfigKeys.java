// Prints, for the Flink release on the classpath, every ConfigOption of the option classes the
// rescale planner names (key, fallback keys marked deprecated or not, default value, the enum's
// constants for enum options) and every command-line option of CliFrontendParser (short and long
// name, whether it takes an argument). Then, per verb of the CLI (run, stop, savepoint, cancel,
// ...), the options that verb's parser accepts: the verb's own (CliFrontendParser.get<Verb>
// CommandOptions) merged with the general and run options of every custom command line, taken
// from a real CliFrontend built as bin/flink builds it (loadCustomCommandLines), merged with
// CliFrontendParser.mergeOptions as CliFrontend.getCommandLine does before it parses a verb's
// arguments. Last, what a job's checkpointing gets when nothing is configured: the getters of
// a fresh CheckpointConfig, which the job graph reads (a default the option table lists as
// "(none)" still resolves to a value there). Reflection only: the same source compiles against every release from 1.15 on, and
// a class, method or verb a release lacks is reported as absent.
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

public class ConfigKeys {
    static final String[] OPTION_CLASSES = {
        "org.apache.flink.configuration.CoreOptions",
        "org.apache.flink.configuration.PipelineOptions",
        "org.apache.flink.configuration.CheckpointingOptions",
        "org.apache.flink.configuration.StateBackendOptions",
        "org.apache.flink.configuration.StateRecoveryOptions",
        "org.apache.flink.configuration.JobManagerOptions",
        "org.apache.flink.configuration.RestartStrategyOptions",
        "org.apache.flink.runtime.jobgraph.SavepointConfigOptions",
        "org.apache.flink.streaming.api.environment.ExecutionCheckpointingOptions",
        "org.apache.flink.contrib.streaming.state.RocksDBOptions",
        "org.apache.flink.state.rocksdb.RocksDBOptions",
    };

    static final String[] CLI_CLASSES = {
        "org.apache.flink.client.cli.CliFrontendParser",
        "org.apache.flink.client.cli.AbstractCustomCommandLine",
        "org.apache.flink.client.cli.GenericCLI",
        "org.apache.flink.client.cli.DynamicPropertiesUtil",
    };

    public static void main(String[] args) throws Exception {
        System.out.println("# Flink " + flinkVersion());
        System.out.println("# option: <key> | class.FIELD | fallback keys (deprecated ones marked *) | default");
        TreeSet<String> lines = new TreeSet<>();
        for (String name : OPTION_CLASSES) {
            Class<?> c = load(name);
            if (c == null) continue;
            System.out.println("class " + name);
            for (Field f : c.getFields()) {
                if (!Modifier.isStatic(f.getModifiers())) continue;
                Object o = f.get(null);
                if (o == null || !o.getClass().getName().equals("org.apache.flink.configuration.ConfigOption")) continue;
                lines.add(option(c.getSimpleName() + "." + f.getName(), o));
            }
        }
        for (String l : lines) System.out.println(l);
        System.out.println("# cli: <short> | <long> | args | Class.FIELD");
        TreeSet<String> cli = new TreeSet<>();
        for (String cn : CLI_CLASSES) {
            Class<?> p = load(cn);
            if (p == null) continue;
            for (Field f : p.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) continue;
                f.setAccessible(true);
                Object o = f.get(null);
                if (o == null || !o.getClass().getName().endsWith("cli.Option")) continue;
                Object s = o.getClass().getMethod("getOpt").invoke(o);
                Object l = o.getClass().getMethod("getLongOpt").invoke(o);
                Object a = o.getClass().getMethod("hasArg").invoke(o);
                cli.add("cli -" + s + " | --" + l + " | " + ((Boolean) a ? "arg" : "flag") + " | " + p.getSimpleName() + "." + f.getName());
            }
        }
        for (String l : cli) System.out.println(l);
        verbs();
        effective();
    }

    /** The values a fresh CheckpointConfig gives: what a job runs with when nothing is set. */
    static void effective() throws Exception {
        System.out.println("# effective: CheckpointConfig.<getter> | value with nothing configured");
        Class<?> c = load("org.apache.flink.streaming.api.environment.CheckpointConfig");
        if (c == null) return;
        Object fresh = c.getConstructor().newInstance();
        for (String getter : new String[] {"getCheckpointTimeout", "getTolerableCheckpointFailureNumber"}) {
            Method m;
            try {
                m = c.getMethod(getter);
            } catch (NoSuchMethodException e) {
                System.out.println("effective CheckpointConfig." + getter + " | absent-method");
                continue;
            }
            System.out.println("effective CheckpointConfig." + getter + " | " + m.invoke(fresh));
        }
        // The REST calls that read and set a running job's resource requirements, the per-vertex
        // parallelism bounds the adaptive scheduler rescales to in place (FLIP-291).
        System.out.println("# rest: <headers class> | <HTTP method> <URL>");
        for (String name : new String[] {
            "org.apache.flink.runtime.rest.messages.job.JobResourceRequirementsHeaders",
            "org.apache.flink.runtime.rest.messages.job.JobResourcesRequirementsUpdateHeaders",
        }) {
            Class<?> h = load(name);
            if (h == null) continue;
            Object instance = h.getField("INSTANCE").get(null);
            Object method = h.getMethod("getHttpMethod").invoke(instance);
            Object url = h.getMethod("getTargetRestEndpointURL").invoke(instance);
            System.out.println("rest " + h.getSimpleName() + " | " + method + " " + url);
        }
    }

    /** The class named `name`; null, after an "absent-class" line, when this release lacks it. */
    static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            System.out.println("absent-class " + name);
            return null;
        }
    }

    /** The verbs of bin/flink the planner's runbook uses, and the parser method of each. */
    static final String[][] VERBS = {
        {"run", "getRunCommandOptions"},
        {"stop", "getStopCommandOptions"},
        {"savepoint", "getSavepointCommandOptions"},
        {"cancel", "getCancelCommandOptions"},
        {"checkpoint", "getCheckpointCommandOptions"},
        {"list", "getListCommandOptions"},
        {"info", "getInfoCommandOptions"},
    };

    static void verbs() {
        System.out.println("# verb: <verb> | <short> | <long> | args (what that verb's command line accepts)");
        TreeSet<String> out = new TreeSet<>();
        try {
            Class<?> frontendClass = Class.forName("org.apache.flink.client.cli.CliFrontend");
            Class<?> configurationClass = Class.forName("org.apache.flink.configuration.Configuration");
            Class<?> parser = Class.forName("org.apache.flink.client.cli.CliFrontendParser");
            Class<?> optionsClass = Class.forName("org.apache.commons.cli.Options");
            Object configuration = configurationClass.getConstructor().newInstance();
            String confDir = Files.createTempDirectory("flink-conf").toString();
            Object lines = frontendClass.getMethod("loadCustomCommandLines", configurationClass, String.class)
                .invoke(null, configuration, confDir);
            Object frontend = frontendClass.getConstructor(configurationClass, List.class).newInstance(configuration, lines);
            Field customField = frontendClass.getDeclaredField("customCommandLineOptions");
            customField.setAccessible(true);
            Object custom = customField.get(frontend);
            Method merge = parser.getMethod("mergeOptions", optionsClass, optionsClass);
            for (Object line : (Collection<?>) lines) System.out.println("custom-command-line " + line.getClass().getName());
            for (String[] verb : VERBS) {
                Method own;
                try {
                    // Package-private in some releases: read it as CliFrontend does, from inside.
                    own = parser.getDeclaredMethod(verb[1]);
                    own.setAccessible(true);
                } catch (NoSuchMethodException e) {
                    System.out.println("absent-verb " + verb[0]);
                    continue;
                }
                Object merged = merge.invoke(null, own.invoke(null), custom);
                for (Object o : (Collection<?>) optionsClass.getMethod("getOptions").invoke(merged)) {
                    Object s = o.getClass().getMethod("getOpt").invoke(o);
                    Object l = o.getClass().getMethod("getLongOpt").invoke(o);
                    boolean arg = (Boolean) o.getClass().getMethod("hasArg").invoke(o);
                    out.add("verb " + verb[0] + " | -" + s + " | --" + l + " | " + (arg ? "arg" : "flag"));
                }
            }
        } catch (Exception e) {
            System.out.println("verb-error " + e);
        }
        for (String l : out) System.out.println(l);
    }

    static String option(String where, Object o) throws Exception {
        Class<?> oc = o.getClass();
        String key = (String) oc.getMethod("key").invoke(o);
        List<String> fb = new ArrayList<>();
        for (Object k : (Iterable<?>) oc.getMethod("fallbackKeys").invoke(o)) {
            String fk = (String) k.getClass().getMethod("getKey").invoke(k);
            boolean dep = (Boolean) k.getClass().getMethod("isDeprecated").invoke(k);
            fb.add(fk + (dep ? "*" : ""));
        }
        Object def = oc.getMethod("hasDefaultValue").invoke(o).equals(Boolean.TRUE) ? oc.getMethod("defaultValue").invoke(o) : null;
        String d = def == null ? "(none)" : String.valueOf(def);
        Method gc = oc.getDeclaredMethod("getClazz");
        gc.setAccessible(true);
        Class<?> t = (Class<?>) gc.invoke(o);
        if (t.isEnum()) {
            List<String> cs = new ArrayList<>();
            for (Object e : t.getEnumConstants()) cs.add(((Enum<?>) e).name());
            d += " (one of " + String.join(",", cs) + ")";
        }
        d = d.replace('\n', ' ');
        if (d.length() > 80) d = d.substring(0, 77) + "...";
        return "option " + key + " | " + where + " | " + String.join(",", fb) + " | " + d;
    }

    static String flinkVersion() {
        try {
            Class<?> ev = Class.forName("org.apache.flink.runtime.util.EnvironmentInformation");
            return (String) ev.getMethod("getVersion").invoke(null);
        } catch (Exception e) {
            return "unknown";
        }
    }
}

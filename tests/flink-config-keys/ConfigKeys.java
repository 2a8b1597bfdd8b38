// Prints, for the Flink release on the classpath, every ConfigOption of the option classes the
// rescale planner names (key, fallback keys marked deprecated or not, default value, the enum's
// constants for enum options) and every command-line option of CliFrontendParser (short and long
// name, whether it takes an argument). Reflection only: the same source compiles against every
// release from 1.15 on, and a class a release lacks is reported as absent.
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
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
            Class<?> c;
            try {
                c = Class.forName(name);
            } catch (ClassNotFoundException e) {
                System.out.println("absent-class " + name);
                continue;
            }
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
        Class<?> p;
        try {
            p = Class.forName(cn);
        } catch (ClassNotFoundException e) {
            System.out.println("absent-class " + cn);
            continue;
        }
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

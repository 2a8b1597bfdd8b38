/*
 * RestMetrics: runs real Flink (local MiniCluster with REST, same JVM) with a keyed job whose keys
 * are skewed, and captures what the REST API reports per subtask of the keyed vertex, next to
 * what the job itself counted.
 *
 * Job shape:
 *   DataGeneratorSource (p=1, emits 0, 1, 2, ... at 2000/s) -> filter(i < 12000) (chained)
 *     -> keyBy(key(i)) -> KeyedProcessFunction counting per subtask and key (uid "keyed-op", p=4, maxp=128)
 *     -> DiscardingSink (chained)
 * key(i) = 0 when i % 10 < 6 (the hot key: 60% of the records), else 1 + i % 97 (97 cold keys).
 * After the 12000th record nothing more reaches the keyed vertex, so the counters settle; the
 * program waits until the per-second meters (60 s window) fall to 0 and captures:
 *   GET /jobs/<job>/vertices/<vertex>/subtasks/metrics?get=numRecordsIn
 *   GET /jobs/<job>/vertices/<vertex>/subtasks/metrics?get=numRecordsInPerSecond
 *   GET /jobs/<job>/vertices/<vertex>/subtasks/<i>/metrics?get=numRecordsIn   (i = 0..3)
 *   GET /jobs/<job>/vertices/<vertex>
 * and, while records still flow, the numRecordsInPerSecond body once (values replaced by placeholders).
 *
 * Usage: java -Xmx1g -cp <flink jars>:. RestMetrics <workDir> <outDir>
 * outDir receives observed-flink-2.3.0.txt and bodies/ (run.sh renames it bodies-flink-<version>/; see README.md).
 * Shared helpers (report, MiniCluster, watchdog, waiting): ../flink-common/FlinkLab.java.
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.util.Collector;

import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class RestMetrics extends FlinkLab {

    static final int P = 4;
    static final int MAXP = 128;
    static final long N = 12000;
    static final long POLL_MS = 250;

    static final AtomicLongArray PER_SUBTASK = new AtomicLongArray(P);
    static final Map<Long, AtomicLong> PER_KEY = new ConcurrentHashMap<>();
    static final Map<Long, Integer> KEY_SUBTASK = new ConcurrentHashMap<>();
    static final AtomicLong TOTAL = new AtomicLong();

    static long key(long i) {
        return i % 10 < 6 ? 0L : 1L + i % 97;
    }

    public static class CountFn extends KeyedProcessFunction<Long, Long, Long> {
        private transient int subtask;

        @Override
        public void open(OpenContext ctx) {
            subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<Long> out) {
            Long k = ctx.getCurrentKey();
            PER_SUBTASK.incrementAndGet(subtask);
            PER_KEY.computeIfAbsent(k, x -> new AtomicLong()).incrementAndGet();
            KEY_SUBTASK.put(k, subtask);
            TOTAL.incrementAndGet();
            out.collect(value);
        }
    }

    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    static String rest;
    static String jobId;
    static File outDir;
    static final String BODIES = "bodies-flink-" + org.apache.flink.runtime.util.EnvironmentInformation.getVersion() + "/";

    public static void main(String[] args) throws Exception {
        outDir = new File(args.length > 1 ? args[1] : "/tmp/flink-rest-metrics-out");
        File bodies = new File(outDir, "bodies");
        bodies.mkdirs();
        startWatchdog(10, System.err);

        MiniCluster cluster = startMiniCluster(8, "64m", "32m",
                Map.of("rest.address", "localhost", "metrics.fetcher.update-interval", "1000"));
        rest = restAddress(cluster);
        out(flinkVersion());
        out("Job: source(p=1, 0..) -> filter(i < " + N + ") -> keyBy(key(i)) -> keyed-op (p=" + P + ", maxp=" + MAXP + ") -> sink");
        out("key(i) = 0 if i % 10 < 6 (hot key, 60% of the records), else 1 + i % 97; REST metrics.fetcher.update-interval=1000 ms");
        try {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                    Configuration.fromMap(Map.of("restart-strategy.type", "none")));
            env.setParallelism(P);
            env.setMaxParallelism(MAXP);
            DataGeneratorSource<Long> src = new DataGeneratorSource<>(
                    i -> i, Long.MAX_VALUE, RateLimiterStrategy.perSecond(2000), Types.LONG);
            env.fromSource(src, WatermarkStrategy.noWatermarks(), "src").uid("src").setParallelism(1)
                    .filter(i -> i < N).setParallelism(1).uid("filter").name("filter")
                    .keyBy(RestMetrics::key, Types.LONG)
                    .process(new CountFn()).returns(Types.LONG).uid("keyed-op").name("keyed-op")
                    .sinkTo(new DiscardingSink<>()).uid("sink").name("sink");
            StreamGraph sg = env.getStreamGraph();
            sg.setJobName("rest-metrics");
            JobGraph jg = sg.getJobGraph();
            String vertex = null;
            for (JobVertex v : jg.getVertices()) {
                if (v.getName().contains("keyed-op")) {
                    vertex = v.getID().toHexString();
                }
            }
            JobID id = cluster.submitJob(jg).get(60, TimeUnit.SECONDS).getJobID();
            jobId = id.toHexString();
            out("keyed vertex id: " + vertex + " (Flink's own, fixed by the uid)");
            String base = "/jobs/" + jobId + "/vertices/" + vertex;

            // while records flow: one sample of the per-second meter
            waitFor(() -> TOTAL.get() > N / 3, 60, POLL_MS);
            waitFor(() -> sumOf(get(base + "/subtasks/metrics?get=numRecordsInPerSecond")) > 0, 30, POLL_MS);
            String flowing = get(base + "/subtasks/metrics?get=numRecordsInPerSecond");
            write(bodies, "subtasks-metrics-numRecordsInPerSecond.while-flowing.json",
                    flowing.replaceAll("\":(-?[0-9][0-9.E+-]*)", "\":\"<rate>\""));

            // settle
            boolean counted = waitFor(() -> TOTAL.get() == N, 60, POLL_MS);
            boolean restCaughtUp = waitFor(() -> sumOf(get(base + "/subtasks/metrics?get=numRecordsIn")) == N, 60, POLL_MS);
            boolean ratesZero = waitFor(() -> sumOf(get(base + "/subtasks/metrics?get=numRecordsInPerSecond")) == 0.0, 120, POLL_MS);
            Thread.sleep(2500); // one more fetcher interval
            out("job counted all " + N + " records: " + counted + "; REST numRecordsIn sum reached " + N + ": " + restCaughtUp
                    + "; numRecordsInPerSecond fell to 0 (60 s meter window after the last record): " + ratesZero);

            String in = get(base + "/subtasks/metrics?get=numRecordsIn");
            String perSec = get(base + "/subtasks/metrics?get=numRecordsInPerSecond");
            write(bodies, "subtasks-metrics-numRecordsIn.json", in);
            write(bodies, "subtasks-metrics-numRecordsInPerSecond.settled.json", perSec);
            for (int i = 0; i < P; i++) {
                write(bodies, "subtask-" + i + "-metrics-numRecordsIn.json", get(base + "/subtasks/" + i + "/metrics?get=numRecordsIn"));
            }
            write(bodies, "subtasks-metrics-ids.sorted.txt", sortedIds(get(base + "/subtasks/metrics")));
            String vtx = get(base);
            write(bodies, "vertex.json", normVertex(vtx));

            out("");
            out("---- what the job itself counted (" + BODIES + "expected-counts.txt)");
            StringBuilder exp = new StringBuilder();
            exp.append("# records per keyed-op subtask, counted inside the job (processElement calls)\n");
            for (int i = 0; i < P; i++) {
                exp.append("subtask ").append(i).append(' ').append(PER_SUBTASK.get(i)).append('\n');
            }
            exp.append("total ").append(TOTAL.get()).append('\n');
            exp.append("# per key: key, records, key group (KeyGroupRangeAssignment.assignToKeyGroup, maxp ").append(MAXP)
                    .append("), subtask computed from it (computeOperatorIndexForKeyGroup), subtask that processed it\n");
            for (Map.Entry<Long, AtomicLong> e : new TreeMap<>(PER_KEY).entrySet()) {
                int kg = KeyGroupRangeAssignment.assignToKeyGroup(e.getKey(), MAXP);
                int computed = KeyGroupRangeAssignment.computeOperatorIndexForKeyGroup(MAXP, P, kg);
                exp.append("key ").append(e.getKey()).append(' ').append(e.getValue().get()).append(" group ").append(kg)
                        .append(" subtask ").append(computed).append(" processed-by ").append(KEY_SUBTASK.get(e.getKey())).append('\n');
            }
            write(bodies, "expected-counts.txt", exp.toString());
            for (int i = 0; i < P; i++) {
                out("  subtask " + i + ": " + PER_SUBTASK.get(i) + " records");
            }
            long mismatched = PER_KEY.keySet().stream().filter(k -> KeyGroupRangeAssignment.computeOperatorIndexForKeyGroup(MAXP, P,
                    KeyGroupRangeAssignment.assignToKeyGroup(k, MAXP)) != KEY_SUBTASK.get(k)).count();
            out("  keys whose subtask differs from KeyGroupRangeAssignment's: " + mismatched + " of " + PER_KEY.size());
            out("  hot key 0: " + PER_KEY.get(0L).get() + " records, key group " + KeyGroupRangeAssignment.assignToKeyGroup(0L, MAXP)
                    + ", subtask " + KEY_SUBTASK.get(0L));

            out("");
            out("---- REST, after the counters settled (files in " + BODIES + ")");
            out("  GET /jobs/<jobid>/vertices/" + vertex + "/subtasks/metrics?get=numRecordsIn");
            out("    " + in);
            out("  GET /jobs/<jobid>/vertices/" + vertex + "/subtasks/metrics?get=numRecordsInPerSecond");
            out("    " + perSec);
            for (int i = 0; i < P; i++) {
                out("  GET .../subtasks/" + i + "/metrics?get=numRecordsIn -> " + get(base + "/subtasks/" + i + "/metrics?get=numRecordsIn"));
            }
            JsonNode v = JSON.readTree(vtx);
            out("  GET /jobs/<jobid>/vertices/" + vertex + " (" + BODIES + "vertex.json, volatile fields replaced), per subtask:");
            for (JsonNode st : v.path("subtasks")) {
                out("    subtask " + st.path("subtask").asText() + " status " + st.path("status").asText() + " attempt "
                        + st.path("attempt").asText() + " metrics.read-records " + st.path("metrics").path("read-records").asText()
                        + " metrics.read-bytes " + st.path("metrics").path("read-bytes").asText());
            }
            out("  while records were flowing: " + BODIES + "subtasks-metrics-numRecordsInPerSecond.while-flowing.json (values -> \"<rate>\"):");
            out("    " + flowing.replaceAll("\":(-?[0-9][0-9.E+-]*)", "\":\"<rate>\""));
            cluster.cancelJob(id).get(60, TimeUnit.SECONDS);
        } finally {
            cluster.closeAsync().get(60, TimeUnit.SECONDS);
        }
        write(outDir, "observed-flink-2.3.0.txt", REPORT.toString());
        System.exit(0);
    }

    /**
     * Replace the fields of GET /jobs/:jobid/vertices/:vertexid that change from run to run: every
     * number under a key naming a time or duration ("now", "*time*", "*duration*", and everything
     * inside "status-duration"), except -1, becomes the string "<ms>"; endpoint and TaskManager id
     * become placeholders; the keys of every "status-duration" object are sorted (their order
     * differs between runs). Other key order and the compact formatting stay as Flink wrote them.
     */
    static String normVertex(String body) throws Exception {
        JsonNode n = JSON.readTree(body.replace(jobId, "<jobid>"));
        scrub(n, false);
        return JSON.writeValueAsString(n);
    }

    static void scrub(JsonNode n, boolean volatileSubtree) {
        if (!n.isObject()) {
            if (n.isArray()) {
                n.forEach(c -> scrub(c, volatileSubtree));
            }
            return;
        }
        org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ObjectNode o =
                (org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ObjectNode) n;
        List<String> names = new ArrayList<>();
        o.fieldNames().forEachRemaining(names::add);
        for (String k : names) {
            JsonNode v = o.get(k);
            boolean vol = volatileSubtree || k.equals("now") || k.contains("time") || k.contains("duration");
            if (v.isNumber()) {
                if (vol && v.asDouble() != -1) {
                    o.put(k, "<ms>");
                }
            } else if (v.isTextual()) {
                if (k.equals("endpoint")) {
                    o.put(k, "<host>:<port>");
                } else if (k.equals("taskmanager-id")) {
                    o.put(k, "<tm-id>");
                }
            } else {
                scrub(v, vol);
                if (k.equals("status-duration") && v.isObject()) {
                    // the order of its keys (execution states) differs between runs: sort it
                    org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ObjectNode sorted = JSON.createObjectNode();
                    List<String> states = new ArrayList<>();
                    v.fieldNames().forEachRemaining(states::add);
                    java.util.Collections.sort(states);
                    for (String st : states) {
                        sorted.set(st, v.get(st));
                    }
                    o.set(k, sorted);
                }
            }
        }
    }

    /** The list of metric ids, sorted (Flink's order is not stable). */
    static String sortedIds(String body) throws Exception {
        List<String> ids = new ArrayList<>();
        for (JsonNode m : JSON.readTree(body)) {
            ids.add(m.path("id").asText());
        }
        java.util.Collections.sort(ids);
        StringBuilder sb = new StringBuilder();
        for (String id : ids) {
            sb.append(id).append('\n');
        }
        return sb.toString();
    }

    static double sumOf(String body) {
        try {
            JsonNode n = JSON.readTree(body);
            return n.get(0).path("sum").asDouble(-1);
        } catch (Exception e) {
            return -1;
        }
    }

    static String get(String path) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create(rest + path)).timeout(Duration.ofSeconds(30)).GET().build();
        return HTTP.send(r, HttpResponse.BodyHandlers.ofString()).body();
    }

    static void write(File dir, String name, String content) throws Exception {
        Files.write(new File(dir, name).toPath(), (content.endsWith("\n") ? content : content + "\n").getBytes(StandardCharsets.UTF_8));
    }
}

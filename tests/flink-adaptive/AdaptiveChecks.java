/*
 * AdaptiveChecks: runs real Flink (local MiniCluster with REST, same JVM) to observe in-place
 * rescaling through REST `PUT /jobs/:jobid/resource-requirements` (FLIP-291) with the adaptive
 * scheduler, and what the same request does under the default scheduler.
 *
 * Job shape:
 *   FlinkLab's generator source (uid "src", parallelism 1, max parallelism 1, 2000 records/s, unbounded)
 *     -> keyBy(v % 1000)
 *     -> KeyedProcessFunction with ValueState<Long> (uid "keyed-op", parallelism 4, max parallelism 128)
 *     -> FlinkLab's discarding sink (uid "sink", chained to keyed-op)
 * Checkpointing every 1 s (hashmap backend, JobManager checkpoint storage).
 * Cluster: 1 TaskManager x 16 slots, REST on a free port.
 *
 * stdout: the deterministic report (committed as observed-flink-<version>.txt); stderr: progress.
 * Usage: java -Xmx1g -cp <flink jars>:. AdaptiveChecks <workDir>
 * Shared helpers (report, MiniCluster, watchdog, waiting, log, the job's configuration, the keyed
 * operator CountPerKey, the generator source and the discarding sink): ../flink-common/FlinkLab.java.
 *
 * Runs on Flink 1.18 (the first release with FLIP-291) and later: the job's pieces whose API
 * differs come from FlinkLabApi (flink.sh compiles 1.18's or the one for 1.19 on); the adaptive
 * scheduler's options are looked up by key (adaptiveOption), each release's own names are set and
 * printed; before 2.0 the report also keeps the scheduler's decision lines of those releases.
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class AdaptiveChecks extends FlinkLab {

    static final int SLOTS = 16;
    static final int KEYS = 1000;

    // The keyed operator is FlinkLab's CountPerKey: what its tasks see (records, opens, task
    // parallelism, restored keys) is in CountPerKey's static fields.

    static final LogTail FLINK_LOG = new LogTail(System.getProperty("obs.log", "/tmp/flink-adaptive.log"));
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    static MiniCluster cluster;
    static String rest;
    static String jobId;
    static String srcVertex;
    static String keyedVertex;

    public static void main(String[] args) throws Exception {
        startWatchdog(15, System.err);

        out(flinkVersion());
        out("Job: source(p=1, maxp=1) -> keyBy(v % " + KEYS + ") -> keyed-op with ValueState<Long> (p=4, maxp=128) -> sink (chained)");
        out("Checkpointing every 1 s; cluster: 1 TaskManager x " + SLOTS + " slots; REST on a free port.");
        out("Placeholders: <jobid> = the job's id, <n> = a checkpoint id. Vertex ids are Flink's own (fixed by the uids).");
        out("'log:' lines: the JobManager's lines from DefaultStateTransitionManager, the slot manager's received");
        out("requirements, the checkpoint restore, the REST handler's errors and fatal errors, in log order, except that");
        out("the slot manager's lines (logged from another thread) come first. One DefaultStateTransitionManager line,");
        out("'Scheduled onTrigger event fired in Stabilized phase', appears in some runs only and is left out.");
        if (!hasStateTransitionManager()) {
            out("This release has no DefaultStateTransitionManager: the 'log:' lines have the AdaptiveScheduler's decision");
            out("lines instead ('" + String.join("', '", OLD_DECISION_LINES) + "').");
        }
        out("");
        out("Defaults of the adaptive scheduler's options in this release (ConfigOption.defaultValue()):");
        for (String[] names : SCHEDULER_OPTIONS) {
            ConfigOption<?> o = adaptiveOption(names[0]);
            if (o != null) {
                out("  " + o.key() + " = " + o.defaultValue());
                continue;
            }
            ConfigOption<?> older = names.length > 1 ? adaptiveOption(names[1]) : null;
            out("  " + AS + names[0] + ": not in this release"
                    + (older == null ? "" : "; its predecessor " + older.key() + " = " + older.defaultValue()));
        }

        try {
            adaptivePhase();
            defaultPhase();
        } finally {
            printReport();
        }
        System.exit(0);
    }

    static final String AS = "jobmanager.adaptive-scheduler.";

    /**
     * The options whose defaults the report prints, by their 2.3 names (after "jobmanager.adaptive-scheduler."),
     * each with the name of the option it replaced where there was one (printed instead when a
     * release has only that one; 1.18 has neither cooldown nor scaling-interval options).
     */
    static final String[][] SCHEDULER_OPTIONS = {
            {"executing.cooldown-after-rescaling", "scaling-interval.min"},
            {"executing.resource-stabilization-timeout"},
            {"rescale-trigger.max-delay", "scaling-interval.max"},
            {"rescale-trigger.max-checkpoint-failures"},
            {"submission.resource-stabilization-timeout", "resource-stabilization-timeout"},
            {"submission.resource-wait-timeout", "resource-wait-timeout"},
            {"min-parallelism-increase"},
    };

    /** The JobManagerOptions option of key "jobmanager.adaptive-scheduler." + name; null if this release has none. */
    static ConfigOption<?> adaptiveOption(String name) {
        return option(JobManagerOptions.class, AS + name);
    }

    /** The option of that key among holder's constants; null if this release has none. */
    static ConfigOption<?> option(Class<?> holder, String key) {
        for (Field f : holder.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && ConfigOption.class.isAssignableFrom(f.getType())) {
                try {
                    ConfigOption<?> o = (ConfigOption<?>) f.get(null);
                    if (o.key().equals(key)) {
                        return o;
                    }
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return null;
    }

    static MiniCluster startCluster(Map<String, String> extra) throws Exception {
        Map<String, String> cfg = new HashMap<>();
        cfg.put("rest.address", "localhost");
        cfg.putAll(extra);
        MiniCluster c = startMiniCluster(SLOTS, "64m", "32m", cfg);
        rest = restAddress(c);
        progress("REST at " + rest);
        return c;
    }

    static JobGraph buildJob(String name) {
        Map<String, String> m = jobConfig("fixed-delay", null, null, false);
        m.put("execution.checkpointing.interval", "1 s");
        m.put("restart-strategy.fixed-delay.attempts", "3");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(Configuration.fromMap(m));
        env.setParallelism(4);
        env.setMaxParallelism(128);
        generatorSource(env, 2000)
                .uid("src").setParallelism(1).setMaxParallelism(1)
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new CountPerKey()).returns(Types.LONG)
                .uid("keyed-op").name("keyed-op")
                .sinkTo(discardingSink()).uid("sink").name("sink");
        StreamGraph sg = env.getStreamGraph();
        sg.setJobName(name);
        return sg.getJobGraph();
    }

    static void submitAndWait(String name) throws Exception {
        JobGraph jg = buildJob(name);
        JobID id = cluster.submitJob(jg).get(60, TimeUnit.SECONDS).getJobID();
        jobId = id.toHexString();
        for (org.apache.flink.runtime.jobgraph.JobVertex v : jg.getVertices()) {
            if (v.getName().contains("keyed-op")) {
                keyedVertex = v.getID().toHexString();
            } else {
                srcVertex = v.getID().toHexString();
            }
        }
        waitFor("job RUNNING with keyed-op at p=4, records flowing and a checkpoint completed", 90, () ->
                "RUNNING".equals(jobState()) && parallelisms().get(keyedVertex) == 4 && CountPerKey.PROCESSED.get() > 2000
                        && latestCompletedCheckpoint() > 0);
    }

    // ------------------------------------------------------------------ adaptive scheduler

    /**
     * The adaptive scheduler, with the options this release has of: the rescale history (20
     * entries), the cooldown after a rescale 1 s (before 2.0: scaling-interval.min; 1.18 has no
     * cooldown), the executing state's resource stabilization 2 s.
     */
    static Map<String, String> adaptiveOptions() {
        Map<String, String> extra = new HashMap<>();
        extra.put("jobmanager.scheduler", "adaptive");
        if (option(WebOptions.class, "web.adaptive-scheduler.rescale-history.size") != null) {
            extra.put("web.adaptive-scheduler.rescale-history.size", "20");
        }
        if (adaptiveOption("executing.cooldown-after-rescaling") != null) {
            extra.put(AS + "executing.cooldown-after-rescaling", "1 s");
        } else if (adaptiveOption("scaling-interval.min") != null) {
            extra.put(AS + "scaling-interval.min", "1 s");
        }
        if (adaptiveOption("executing.resource-stabilization-timeout") != null) {
            extra.put(AS + "executing.resource-stabilization-timeout", "2 s");
        }
        return extra;
    }

    interface Steps {
        void run() throws Exception;
    }

    /** One scenario = one fresh MiniCluster with the adaptive scheduler and one job at p=4. */
    static void adaptiveScenario(String title, Steps steps) throws Exception {
        Map<String, String> extra = adaptiveOptions();
        cluster = startCluster(extra);
        clusterDown = false;
        out("");
        out("################ jobmanager.scheduler: adaptive -- " + title + " ################");
        out("Cluster options set: " + new java.util.TreeMap<>(extra));
        try {
            readNewLogLines();
            submitAndWait("adaptive-rescale");
            out("source vertex id: " + srcVertex + ", keyed vertex id: " + keyedVertex);
            readNewLogLines();
            steps.run();
            if (!clusterDown) {
                out("");
                out("---- rescale history (GET /jobs/<jobid>/rescales/history)");
                HttpResponse<String> h = http("GET", "/jobs/" + jobId + "/rescales/history", null);
                out("  HTTP " + h.statusCode());
                summarizeHistory(h.body());
                cluster.cancelJob(JobID.fromHexString(jobId)).get(60, TimeUnit.SECONDS);
            }
        } finally {
            try {
                cluster.closeAsync().get(60, TimeUnit.SECONDS);
            } catch (Exception e) {
                progress("closing the cluster: " + e);
            }
        }
    }

    static void adaptivePhase() throws Exception {
        adaptiveScenario("A: within and above max parallelism, invalid requests, scale down", () -> {
            out("");
            out("---- initial state");
            show("GET", "/jobs/" + jobId + "/resource-requirements", null);
            out("  GET /jobs/<jobid> vertex parallelism: " + parallelismLine());
            show("GET", "/jobs/" + jobId + "/rescales/config", null);
            rescaleCase("PUT keyed-op upper bound 8 (within max parallelism 128, slots available)",
                    body(1, 1, 1, 8), p -> p == 8, 60);
            rescaleCase("PUT keyed-op upper bound 200 (above max parallelism 128)",
                    body(1, 1, 1, 200), null, 8);
            rescaleCase("PUT keyed-op upper bound 129 (max parallelism + 1)",
                    body(1, 1, 1, 129), null, 3);
            rescaleCase("PUT keyed-op upper bound 128 (= max parallelism; 16 slots)",
                    body(1, 1, 1, 128), p -> p != 8, 60);
            rescaleCase("PUT keyed-op lower bound 0",
                    body(1, 1, 0, 8), null, 3);
            rescaleCase("PUT keyed-op lower bound 9 > upper bound 8",
                    body(1, 1, 9, 8), null, 3);
            rescaleCase("PUT with the source vertex missing",
                    "{\"" + keyedVertex + "\":{\"parallelism\":{\"lowerBound\":1,\"upperBound\":4}}}", null, 3);
            rescaleCase("PUT with an unknown vertex id added",
                    "{\"" + srcVertex + "\":{\"parallelism\":{\"lowerBound\":1,\"upperBound\":1}},\""
                            + keyedVertex + "\":{\"parallelism\":{\"lowerBound\":1,\"upperBound\":4}},"
                            + "\"00000000000000000000000000000001\":{\"parallelism\":{\"lowerBound\":1,\"upperBound\":4}}}",
                    null, 3);
            rescaleCase("PUT keyed-op upper bound 4 (scale down)",
                    body(1, 1, 1, 4), p -> p == 4, 60);
        });
        adaptiveScenario("B: upper bound 100 (above the 16 slots), then 120 while already on all 16 slots", () -> {
            rescaleCase("PUT keyed-op upper bound 100 (within max parallelism, above the 16 slots)",
                    body(1, 1, 1, 100), p -> p != 4, 60);
            rescaleCase("PUT keyed-op upper bound 120 (job already uses all 16 slots)",
                    body(1, 1, 1, 120), null, 12);
        });
        adaptiveScenario("C: upper bound -1 (\"up to max parallelism\") from p=4", () -> {
            rescaleCase("PUT keyed-op upper bound -1",
                    body(1, 1, 1, -1), p -> p != 4, 30);
        });
        adaptiveScenario("D: lower bound 32 = upper bound 32 (lower bound above the 16 slots)", () -> {
            rescaleCase("PUT keyed-op lower bound 32, upper bound 32",
                    body(1, 1, 32, 32), null, 20);
        });
    }

    static boolean clusterDown;

    static String body(int srcLow, int srcHigh, int low, int high) {
        return "{\"" + srcVertex + "\":{\"parallelism\":{\"lowerBound\":" + srcLow + ",\"upperBound\":" + srcHigh + "}},\""
                + keyedVertex + "\":{\"parallelism\":{\"lowerBound\":" + low + ",\"upperBound\":" + high + "}}}";
    }

    /**
     * Sends a PUT and records the response; then waits until the keyed parallelism satisfies
     * {@code until} (or, if null, simply waits {@code seconds}) and records what changed.
     */
    static void rescaleCase(String title, String requestBody, Predicate<Integer> until, int seconds) throws Exception {
        progress(title);
        out("");
        out("---- " + title);
        if (clusterDown) {
            out("  (skipped: the MiniCluster is down)");
            return;
        }
        Integer beforeP = parallelisms().get(keyedVertex);
        long ckBefore = latestCompletedCheckpoint();
        long restoredBefore = restoredCheckpoint();
        long opensBefore = CountPerKey.OPENS.get();
        CountPerKey.RESTORED_KEYS.set(0);
        CountPerKey.TASK_PARALLELISM.clear();
        readNewLogLines();
        // The request goes out right after a checkpoint completed, about 1 s before the next one: whether a
        // restart restores that checkpoint or a later one then depends on the release (before 2.0 the job
        // restarts at once), not on where in the checkpoint interval the request happened to fall.
        long justCompleted = awaitCompletedCheckpoint(10);
        if (justCompleted >= 0) {
            ckBefore = justCompleted;
        }
        show("PUT", "/jobs/" + jobId + "/resource-requirements", requestBody);
        boolean reached;
        if (until != null) {
            reached = waitFor("keyed parallelism to change", seconds, () -> {
                Integer p = parallelisms().get(keyedVertex);
                return "RUNNING".equals(jobState()) && p != null && until.test(p) && CountPerKey.RESTORED_KEYS.get() >= KEYS;
            });
        } else {
            Thread.sleep(seconds * 1000L);
            reached = true;
        }
        Thread.sleep(1500);
        List<String> log = readNewLogLines();
        Integer afterP = parallelisms().get(keyedVertex);
        if (afterP == null) {
            clusterDown = true;
            out("  REST no longer answers: the MiniCluster shut down");
        } else {
            out("  keyed-op parallelism (GET /jobs/<jobid>): " + beforeP + " -> " + afterP
                    + (until != null && !reached ? "  (no change to the expected value within " + seconds + " s)" : ""));
            out("  job state now: " + jobState() + "; GET /jobs/<jobid> vertex parallelism: " + parallelismLine());
        }
        List<String> states = jobTransitions(log);
        out("  job state transitions (ExecutionGraph log): " + (states.isEmpty() ? "(none)" : String.join(", ", states)));
        if (!clusterDown) {
            long restoredAfter = restoredCheckpoint();
            if (CountPerKey.OPENS.get() > opensBefore) {
                out("  keyed-op tasks were redeployed: task-side parallelism " + new TreeSet<>(CountPerKey.TASK_PARALLELISM)
                        + ", keys whose state was present at their first record after the restart: " + CountPerKey.RESTORED_KEYS.get() + "/" + KEYS);
                out("  restored from: " + (restoredAfter == restoredBefore ? "(no new restore recorded)"
                        : restoredAfter > ckBefore ? "a checkpoint that completed after the request"
                        : restoredAfter == ckBefore ? "the latest checkpoint completed before the request"
                        : "an older checkpoint than the latest at the request"));
                out("  GET /jobs/<jobid>/checkpoints latest.restored: " + restoredSummary());
            } else {
                out("  keyed-op tasks were not redeployed");
            }
        }
        for (String l : schedulerLines(log)) {
            out("  log: " + l);
        }
        if (!clusterDown) {
            show("GET", "/jobs/" + jobId + "/resource-requirements", null);
        }
    }

    /**
     * The history lists one entry per rescale (newest first) without vertex details; fetch each
     * entry's details and print its trigger, outcome, scheduler states and per-vertex parallelism.
     */
    static void summarizeHistory(String body) throws Exception {
        JsonNode arr = JSON.readTree(body);
        if (!arr.isArray()) {
            out("  (unexpected shape) " + norm(body));
            return;
        }
        List<JsonNode> entries = new ArrayList<>();
        arr.forEach(entries::add);
        java.util.Collections.reverse(entries);
        out("  " + entries.size() + " entries, oldest first; details from GET /jobs/<jobid>/rescales/details/<rescaleUuid>:");
        int i = 0;
        for (JsonNode e : entries) {
            i++;
            HttpResponse<String> d = http("GET", "/jobs/" + jobId + "/rescales/details/" + e.path("rescaleUuid").asText(), null);
            JsonNode n = JSON.readTree(d.body());
            System.err.println(d.body());
            List<String> states = new ArrayList<>();
            for (JsonNode st : n.path("schedulerStates")) {
                states.add(st.path("state").asText());
            }
            out("  #" + i + " triggerCause=" + n.path("triggerCause").asText() + ", terminalState=" + n.path("terminalState").asText()
                    + ", terminatedReason=" + n.path("terminatedReason").asText()
                    + (n.path("stringifiedException").isTextual() ? ", exception=" + normLog(n.path("stringifiedException").asText().split("\n")[0]) : "")
                    + ", scheduler states: " + String.join(" -> ", states) + " (HTTP " + d.statusCode() + ")");
            List<String> vs = new ArrayList<>();
            java.util.Iterator<JsonNode> vit = n.path("vertices").elements();
            while (vit.hasNext()) {
                JsonNode v = vit.next();
                vs.add("'" + v.path("jobVertexName").asText() + "' desired=" + v.path("desiredParallelism").asText()
                        + " sufficient=" + v.path("sufficientParallelism").asText()
                        + " pre=" + v.path("preRescaleParallelism").asText() + " post=" + v.path("postRescaleParallelism").asText());
            }
            java.util.Collections.sort(vs);
            for (String v : vs) {
                out("      vertex " + v);
            }
            java.util.Iterator<JsonNode> sit = n.path("slots").elements();
            while (sit.hasNext()) {
                JsonNode v = sit.next();
                out("      slot sharing group '" + v.path("slotSharingGroupName").asText() + "' desiredSlots=" + v.path("desiredSlots").asText()
                        + " minimalRequiredSlots=" + v.path("minimalRequiredSlots").asText()
                        + " pre=" + v.path("preRescaleSlots").asText() + " post=" + v.path("postRescaleSlots").asText());
            }
        }
    }

    // ------------------------------------------------------------------ default scheduler

    static void defaultPhase() throws Exception {
        cluster = startCluster(new HashMap<>());
        clusterDown = false;
        out("");
        out("################ jobmanager.scheduler: (not set: the default scheduler) ################");
        try {
            readNewLogLines();
            submitAndWait("default-scheduler");
            out("source vertex id: " + srcVertex + ", keyed vertex id: " + keyedVertex);
            out("");
            out("---- initial state");
            show("GET", "/jobs/" + jobId + "/resource-requirements", null);
            out("  GET /jobs/<jobid> vertex parallelism: " + parallelismLine());
            show("GET", "/jobs/" + jobId + "/rescales/config", null);
            show("GET", "/jobs/" + jobId + "/rescales/history", null);
            rescaleCase("PUT keyed-op upper bound 8 (default scheduler)", body(1, 1, 1, 8), null, 8);
            rescaleCase("PUT keyed-op upper bound 200 (default scheduler)", body(1, 1, 1, 200), null, 3);
            cluster.cancelJob(JobID.fromHexString(jobId)).get(60, TimeUnit.SECONDS);
        } finally {
            cluster.closeAsync().get(60, TimeUnit.SECONDS);
        }
    }

    // ------------------------------------------------------------------ REST helpers

    static HttpResponse<String> http(String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(rest + path)).timeout(Duration.ofSeconds(30));
        if (body == null) {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static void show(String method, String path, String body) throws Exception {
        out("  " + method + " " + norm(path) + (body == null ? "" : "  body: " + norm(body)));
        HttpResponse<String> r;
        try {
            r = http(method, path, body);
        } catch (IOException e) {
            out("    -> no response: " + e.getClass().getName());
            return;
        }
        out("    -> HTTP " + r.statusCode() + "  " + shortenErrors(r.body()));
    }

    /**
     * Error bodies are {"errors":[...]} where an entry may carry a Java stack trace; keep each
     * entry's message and its first two frames verbatim and count the remaining frames away.
     */
    static String shortenErrors(String body) {
        try {
            JsonNode n = JSON.readTree(body);
            if (!n.has("errors")) {
                return norm(body);
            }
            List<String> parts = new ArrayList<>();
            for (JsonNode e : n.get("errors")) {
                String[] lines = e.asText().split("\n");
                StringBuilder sb = new StringBuilder(lines[0]);
                int frames = 0;
                for (int i = 1; i < lines.length; i++) {
                    if (lines[i].trim().startsWith("at ")) {
                        if (frames < 2) {
                            sb.append(" | ").append(lines[i].trim());
                        }
                        frames++;
                    } else if (!lines[i].trim().isEmpty()) {
                        sb.append(" | ").append(lines[i].trim());
                    }
                }
                if (frames > 2) {
                    sb.append(" | (further stack frames left out)");
                }
                parts.add("\"" + norm(sb.toString()) + "\"");
            }
            return "{\"errors\":[" + String.join(", ", parts) + "]}  (error entries shortened: message + first 2 frames)";
        } catch (Exception ex) {
            return norm(body);
        }
    }

    static String jobState() {
        try {
            return JSON.readTree(http("GET", "/jobs/" + jobId, null).body()).path("state").asText();
        } catch (Exception e) {
            return "?";
        }
    }

    static Map<String, Integer> parallelisms() {
        Map<String, Integer> m = new HashMap<>();
        try {
            JsonNode n = JSON.readTree(http("GET", "/jobs/" + jobId, null).body());
            for (JsonNode v : n.path("vertices")) {
                m.put(v.path("id").asText(), v.path("parallelism").asInt());
            }
        } catch (Exception e) {
            progress("parallelisms: " + e);
        }
        return m;
    }

    static String parallelismLine() throws Exception {
        JsonNode n = JSON.readTree(http("GET", "/jobs/" + jobId, null).body());
        List<String> parts = new ArrayList<>();
        for (JsonNode v : n.path("vertices")) {
            parts.add("'" + v.path("name").asText() + "' parallelism=" + v.path("parallelism").asInt()
                    + " maxParallelism=" + v.path("maxParallelism").asInt());
        }
        return String.join(", ", parts);
    }

    /** The id of latest.completed or latest.restored in GET /jobs/<jobid>/checkpoints; 0 if none. */
    static long latestCheckpoint(String which) {
        try {
            JsonNode n = JSON.readTree(http("GET", "/jobs/" + jobId + "/checkpoints", null).body());
            JsonNode c = n.path("latest").path(which);
            return c.isMissingNode() || c.isNull() ? 0 : c.path("id").asLong();
        } catch (Exception e) {
            return 0;
        }
    }

    static long latestCompletedCheckpoint() {
        return latestCheckpoint("completed");
    }

    static long restoredCheckpoint() {
        return latestCheckpoint("restored");
    }

    static String restoredSummary() throws Exception {
        JsonNode c = JSON.readTree(http("GET", "/jobs/" + jobId + "/checkpoints", null).body()).path("latest").path("restored");
        if (c.isMissingNode() || c.isNull()) {
            return "(none)";
        }
        return "id=<n>, is_savepoint=" + c.path("is_savepoint").asText() + ", external_path="
                + (c.path("external_path").isMissingNode() ? "(absent)" : norm(c.path("external_path").asText()));
    }

    static String numRestarts() {
        try {
            return norm(http("GET", "/jobs/" + jobId + "/metrics?get=numRestarts", null).body());
        } catch (Exception e) {
            return "?";
        }
    }

    static boolean waitFor(String what, int seconds, Check c) throws Exception {
        if (waitFor(c, seconds, 100)) {
            return true;
        }
        progress("timed out waiting for " + what);
        return false;
    }

    // ------------------------------------------------------------------ log

    static List<String> jobTransitions(List<String> log) {
        List<String> states = new ArrayList<>();
        for (String l : log) {
            Matcher m = JOB_SWITCH.matcher(l);
            if (m.find() && m.group(1).equals(jobId)) {
                states.add(m.group(2) + "->" + m.group(3));
            }
        }
        return states;
    }

    /** The scheduler's decisions, the restore, REST errors and fatal errors, normalized. */
    static List<String> schedulerLines(List<String> log) {
        List<String> out = new ArrayList<>();
        int rmLines = 0; // the ResourceManager logs from its own thread: its lines go first
        for (int i = 0; i < log.size(); i++) {
            String l = log.get(i);
            int bar = l.indexOf(" | ");
            if (bar < 0) {
                continue;
            }
            String head = l.substring(0, bar);
            String logger = head.substring(head.lastIndexOf(' ') + 1);
            String level = head.length() > 18 ? head.substring(13, 18).trim() : "";
            String msg = l.substring(bar + 3);
            String shortLogger = logger.substring(logger.lastIndexOf('.') + 1);
            boolean keep = shortLogger.equals("DefaultStateTransitionManager")
                    || OLD_DECISION_LINES.stream().anyMatch(msg::startsWith)
                    || msg.startsWith("Received resource requirements")
                    || msg.startsWith("Restoring job")
                    || shortLogger.equals("JobResourceRequirementsUpdateHandler")
                    || msg.contains("reached terminal state")
                    || msg.startsWith("Error in MiniCluster");
            if (!keep || msg.startsWith("Scheduled onTrigger event fired")) {
                continue; // (that one depends on timing: present in some runs only)
            }
            if (msg.startsWith("Received resource requirements")) {
                out.add(rmLines++, level + " " + shortLogger + ": " + normLog(msg));
                continue;
            }
            out.add(level + " " + shortLogger + ": " + normLog(msg));
            if (msg.startsWith("Error in MiniCluster")) {
                for (int j = i + 1; j < Math.min(log.size(), i + 5); j++) {
                    // (log4j before 2.24 adds the jar to each frame: " ~[flink-dist-1.18.1.jar:1.18.1]")
                    out.add("      " + normLog(log.get(j).trim().replaceAll(" ~?\\[[^\\]]*\\]$", "")));
                }
            }
        }
        return out;
    }

    /**
     * The adaptive scheduler's lines about rescaling before 2.0 (whose DefaultStateTransitionManager
     * logs them instead; 2.3 logs none of these): a log line is kept when its message starts with one.
     */
    static final List<String> OLD_DECISION_LINES = List.of(
            "Can change the parallelism of"); // "… of job. Restarting job." (1.18), "… of the job. Restarting the job." (1.19, 1.20)

    static boolean hasStateTransitionManager() {
        try {
            Class.forName("org.apache.flink.runtime.scheduler.adaptive.DefaultStateTransitionManager");
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    static final Pattern COMPLETED = Pattern.compile("Completed checkpoint (\\d+) for job ([0-9a-f]{32})");

    /**
     * Waits (up to `seconds`) for the log's next "Completed checkpoint" line of the job and returns
     * its checkpoint id (-1 if none came). The log has it at once; GET /jobs/<jobid>/checkpoints is
     * cached for up to rest.cache.checkpoint-statistics.timeout (3 s).
     */
    static long awaitCompletedCheckpoint(int seconds) throws Exception {
        long deadline = System.currentTimeMillis() + seconds * 1000L;
        while (System.currentTimeMillis() < deadline) {
            long id = -1;
            for (String l : readNewLogLines()) {
                Matcher m = COMPLETED.matcher(l);
                if (m.find() && m.group(2).equals(jobId)) {
                    id = Long.parseLong(m.group(1));
                }
            }
            if (id >= 0) {
                return id;
            }
            Thread.sleep(20);
        }
        progress("no checkpoint completed within " + seconds + " s before the request");
        return -1;
    }

    /** The log's new lines, also shown on stderr. */
    static List<String> readNewLogLines() {
        List<String> lines = FLINK_LOG.readNew();
        for (String l : lines) {
            System.err.println("LOG " + l);
        }
        return lines;
    }

    static String norm(String s) {
        if (s == null) {
            return null;
        }
        if (jobId != null) {
            s = s.replace(jobId, "<jobid>");
        }
        s = s.replace(rest, "<rest>");
        return noLocalPorts(s);
    }

    static String normLog(String s) {
        s = noAttemptIds(norm(s));
        s = s.replaceAll("(?i)checkpoint \\d+", "checkpoint <n>");
        s = s.replaceAll("@ \\d+", "@ <ts>");
        s = s.replaceAll("\\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b", "<uuid>");
        s = s.replaceAll("\\d+ ms", "<t> ms");
        return s;
    }
}

/*
 * RestoreChecks: runs real Flink (local MiniCluster, same JVM) to find out in which order
 * Flink checks "parallelism > max parallelism" and "max parallelism changed" when a job is
 * submitted with and without restoring from a savepoint, and which exceptions it throws.
 *
 * Job shape (every job, savepoint-taking and restoring):
 *   DataGeneratorSource (uid "src", parallelism 1, max parallelism 1, rate-limited, unbounded)
 *     -> keyBy(v % 1000)
 *     -> KeyedProcessFunction with ValueState<Long> (uid "keyed-op", parallelism P, max parallelism M)
 *     -> DiscardingSink (uid "sink", chained to keyed-op)
 * P / M are set job-wide with env.setParallelism / env.setMaxParallelism; the source pins its own
 * parallelism and max parallelism to 1 so that only the keyed vertex varies.
 *
 * Usage: java -Xmx1g -cp <flink jars>:. RestoreChecks [workDir] [default|adaptive]
 *   (second argument sets jobmanager.scheduler; default = Flink's default scheduler for streaming jobs)
 * Everything stops by itself (global watchdog: 15 minutes).
 * Shared helpers (MiniCluster, watchdog, polling, log, the job's configuration, the keyed operator
 * CountPerKey): ../flink-common/FlinkLab.java.
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.executiongraph.AccessExecutionJobVertex;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

public class RestoreChecks extends FlinkLab {

    static final int SLOTS = 256;
    static final int UNSET = -1;

    // The keyed operator is FlinkLab's CountPerKey; what its tasks see (records, task parallelism
    // and max parallelism, restored keys) is in CountPerKey's static fields, reset before each job.

    static MiniCluster cluster;
    static final LogTail FLINK_LOG = new LogTail(System.getProperty("restorechecks.log", "/tmp/flinkexp/flink.log"));
    static final StringBuilder SUMMARY = new StringBuilder();

    public static void main(String[] args) throws Exception {
        String workDir = args.length > 0 ? args[0] : "/tmp/flinkexp";
        String scheduler = args.length > 1 ? args[1] : "default";
        File spDir = freshDir(new File(workDir, "savepoints"));
        startWatchdog(15, System.out);
        cluster = startMiniCluster(SLOTS, "96m", "32m", scheduler.equals("default") ? Map.of()
                : Map.of("jobmanager.scheduler", scheduler)); // e.g. "adaptive"
        System.out.println(flinkVersion());
        System.out.println("MiniCluster started: 1 TaskManager x " + SLOTS + " slots, jobmanager.scheduler=" + scheduler);

        try {
            // ---- savepoints ----
            String spDerived = takeSavepoint("SP_DERIVED", 4, UNSET, spDir);
            String spExplicit = takeSavepoint("SP_EXPLICIT", 4, 128, spDir);

            // ---- cases ----  (label, savepoint or null, new parallelism, new max parallelism or UNSET)
            runCase("a   p=200 maxp=128(explicit), no savepoint", null, 200, 128);
            runCase("a2  p=200 maxp=128 set only on keyed operator, no savepoint", null, 200, 128, true);
            runCase("b1  SP_DERIVED(128)  -> p=4   maxp=256", spDerived, 4, 256);
            runCase("b2  SP_EXPLICIT(128) -> p=4   maxp=256", spExplicit, 4, 256);
            runCase("b3  SP_DERIVED(128)  -> p=4   maxp=64", spDerived, 4, 64);
            runCase("c   SP_DERIVED(128)  -> p=200 maxp unset", spDerived, 200, UNSET);
            runCase("d   SP_EXPLICIT(128) -> p=200 maxp unset", spExplicit, 200, UNSET);
            runCase("e1  SP_DERIVED(128)  -> p=200 maxp=128", spDerived, 200, 128);
            runCase("e2  SP_EXPLICIT(128) -> p=200 maxp=128", spExplicit, 200, 128);
            runCase("f   SP_DERIVED(128)  -> p=200 maxp=256", spDerived, 200, 256);
            runCase("f2  SP_DERIVED(128)  -> p=129 maxp unset", spDerived, 129, UNSET);
            runCase("g1  SP_DERIVED(128)  -> p=100 maxp unset", spDerived, 100, UNSET);
            runCase("g2  SP_DERIVED(128)  -> p=64  maxp=128", spDerived, 64, 128);
            runCase("g2b SP_EXPLICIT(128) -> p=64  maxp=128", spExplicit, 64, 128);
            runCase("g3  SP_DERIVED(128)  -> p=24  maxp unset", spDerived, 24, UNSET);
            runCase("g4  SP_EXPLICIT(128) -> p=100 maxp unset", spExplicit, 100, UNSET);
            runCase("g5  SP_DERIVED(128)  -> p=128 maxp unset", spDerived, 128, UNSET);
            // Two checks at once: p above the new max, and the new max not the snapshot's.
            runCase("h   SP_DERIVED(128)  -> p=300 maxp=256", spDerived, 300, 256);
        } finally {
            System.out.println();
            System.out.println("================ SUMMARY ================");
            System.out.print(SUMMARY);
            cluster.closeAsync().get(60, TimeUnit.SECONDS);
        }
        System.out.println("DONE");
        System.exit(0);
    }

    static StreamExecutionEnvironment newEnv(int parallelism, int maxParallelism, String savepoint) {
        // execution.savepoint.path: StateRecoveryOptions.SAVEPOINT_PATH
        Map<String, String> m = jobConfig("none", null, savepoint, false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(Configuration.fromMap(m));
        env.setParallelism(parallelism);
        if (maxParallelism != UNSET) {
            env.setMaxParallelism(maxParallelism);
        }
        return env;
    }

    static JobGraph buildJob(String name, int parallelism, int maxParallelism, String savepoint, boolean maxOnOperatorOnly) {
        StreamExecutionEnvironment env = newEnv(parallelism, maxOnOperatorOnly ? UNSET : maxParallelism, savepoint);
        DataGeneratorSource<Long> src = new DataGeneratorSource<>(
                i -> i, Long.MAX_VALUE, RateLimiterStrategy.perSecond(2000), Types.LONG);
        var keyed = env.fromSource(src, WatermarkStrategy.noWatermarks(), "src")
                .uid("src").setParallelism(1).setMaxParallelism(1)
                .keyBy(v -> v % 1000, Types.LONG)
                .process(new CountPerKey()).returns(Types.LONG)
                .uid("keyed-op").name("keyed-op");
        if (maxOnOperatorOnly) {
            keyed.setMaxParallelism(maxParallelism);
        }
        keyed.sinkTo(new DiscardingSink<>()).uid("sink").name("sink");
        StreamGraph sg = env.getStreamGraph();
        sg.setJobName(name);
        return sg.getJobGraph();
    }

    static String takeSavepoint(String label, int parallelism, int maxParallelism, File spDir) throws Exception {
        System.out.println();
        System.out.println("---- taking savepoint " + label + ": p=" + parallelism + " maxp="
                + (maxParallelism == UNSET ? "unset" : maxParallelism));
        CountPerKey.reset();
        JobGraph jg = buildJob(label, parallelism, maxParallelism, null, false);
        printJobGraph(jg);
        JobID id = cluster.submitJob(jg).get(60, TimeUnit.SECONDS).getJobID();
        waitFor(() -> CountPerKey.PROCESSED.get() >= 3000, 60, 100);
        if (CountPerKey.PROCESSED.get() < 3000) {
            throw new IllegalStateException("savepoint job did not process records: " + cluster.getJobStatus(id).get());
        }
        printRuntimeGraph(id, "running graph");
        System.out.println("  task-side: parallelism " + CountPerKey.TASK_PARALLELISM + ", maxNumberOfParallelSubtasks "
                + CountPerKey.TASK_MAX_PARALLELISM + ", records processed so far " + CountPerKey.PROCESSED.get());
        String path = stopWithSavepoint(cluster, id, spDir, SavepointFormatType.CANONICAL);
        JobResult r = cluster.requestJobResult(id).get(60, TimeUnit.SECONDS);
        System.out.println("  savepoint written: " + path + "  (job ended " + r.getJobStatus().orElse(null) + ")");
        SUMMARY.append(String.format("%-12s p=%d maxp=%s -> %s%n", label, parallelism,
                maxParallelism == UNSET ? "unset" : maxParallelism, path));
        return path;
    }

    static void runCase(String label, String savepoint, int p, int maxp) throws Exception {
        runCase(label, savepoint, p, maxp, false);
    }

    static void runCase(String label, String savepoint, int p, int maxp, boolean maxOnOperatorOnly) throws Exception {
        try {
            runCase0(label, savepoint, p, maxp, maxOnOperatorOnly);
        } finally {
            Thread.sleep(200);
            scanLog();
        }
    }

    static void runCase0(String label, String savepoint, int p, int maxp, boolean maxOnOperatorOnly) throws Exception {
        System.out.println();
        System.out.println("==== CASE " + label);
        scanLog();
        CountPerKey.reset();
        long t0 = System.currentTimeMillis();
        JobGraph jg;
        try {
            jg = buildJob(label, p, maxp, savepoint, maxOnOperatorOnly);
        } catch (Throwable t) {
            System.out.println("  FAILED during StreamGraph/JobGraph generation (client side):");
            printChain(t, "  ");
            SUMMARY.append(String.format("%-58s FAIL  stage=JobGraph generation  %s%n", label, oneLine(t)));
            return;
        }
        printJobGraph(jg);
        JobID id;
        try {
            id = cluster.submitJob(jg).get(60, TimeUnit.SECONDS).getJobID();
        } catch (Throwable t) {
            System.out.println("  FAILED at job submission (Dispatcher.submitJob):");
            printChain(t, "  ");
            SUMMARY.append(String.format("%-58s FAIL  stage=submission  %s%n", label, oneLine(t)));
            return;
        }
        System.out.println("  submitted OK (Dispatcher accepted the job) as " + id);

        // wait for either a terminal state or the keyed operator having seen restored state / records
        JobStatus st = awaitEndOrRunning(cluster, id, 90, 100,
                () -> CountPerKey.PROCESSED.get() >= 2000 && (savepoint == null || CountPerKey.RESTORED_KEYS.get() >= 1000));
        System.out.println("  job status after wait: " + st + "  (" + (System.currentTimeMillis() - t0) + " ms)");

        if (st != null && st.isGloballyTerminalState()) {
            JobResult r = cluster.requestJobResult(id).get(60, TimeUnit.SECONDS);
            Throwable failure = r.getSerializedThrowable()
                    .map(s -> s.deserializeError(RestoreChecks.class.getClassLoader())).orElse(null);
            System.out.println("  JobResult: status=" + r.getJobStatus().orElse(null) + " success=" + r.isSuccess());
            if (failure != null) {
                System.out.println("  failure cause chain (JobResult.getSerializedThrowable):");
                printChain(failure, "  ");
                try {
                    r.toJobExecutionResult(RestoreChecks.class.getClassLoader());
                } catch (Throwable t) {
                    System.out.println("  what env.execute()/JobClient.getJobExecutionResult() would throw (JobResult.toJobExecutionResult):");
                    printChain(t, "    ", false);
                }
                String stage = classifyStage(failure);
                System.out.println("  STAGE: " + stage);
                try {
                    printRuntimeGraph(id, "archived graph after failure");
                } catch (Throwable t) {
                    System.out.println("  (no archived graph: " + t + ")");
                }
                SUMMARY.append(String.format("%-58s FAIL  stage=%s%n      root: %s%n", label, stage, oneLine(rootCause(failure))));
            } else {
                SUMMARY.append(String.format("%-58s ended %s without failure?%n", label, r.getJobStatus().orElse(null)));
            }
            return;
        }

        // running: report runtime max parallelism and state restore evidence, then cancel
        String rt = printRuntimeGraph(id, "running graph");
        System.out.println("  task-side: parallelism " + CountPerKey.TASK_PARALLELISM + ", maxNumberOfParallelSubtasks "
                + CountPerKey.TASK_MAX_PARALLELISM + ", records processed " + CountPerKey.PROCESSED.get()
                + ", keys whose state was restored " + CountPerKey.RESTORED_KEYS.get() + "/1000");
        SUMMARY.append(String.format("%-58s OK    %s; task maxp=%s; restored keys=%d/1000%n",
                label, rt, CountPerKey.TASK_MAX_PARALLELISM, CountPerKey.RESTORED_KEYS.get()));
        JobResult r = cancel(cluster, id);
        System.out.println("  cancelled, final status " + r.getJobStatus().orElse(null));
    }

    static String classifyStage(Throwable t) {
        boolean init = false;
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c.getClass().getName().endsWith("JobInitializationException")) {
                init = true;
            }
        }
        Throwable root = rootCause(t);
        String where = "unknown";
        for (StackTraceElement e : root.getStackTrace()) {
            String cls = e.getClassName();
            if (cls.endsWith("checkpoint.Checkpoints")) {
                where = "savepoint metadata validation during restore (Checkpoints." + e.getMethodName() + ")";
                break;
            }
            if (cls.endsWith("StateAssignmentOperation")) {
                where = "state assignment during restore (StateAssignmentOperation." + e.getMethodName() + ")";
                break;
            }
            if (cls.endsWith("ExecutionJobVertex") && e.getMethodName().equals("<init>")) {
                where = "ExecutionGraph construction (ExecutionJobVertex.<init>)";
                break;
            }
            if (cls.endsWith("DefaultVertexParallelismInfo")) {
                where = "vertex parallelism info (DefaultVertexParallelismInfo." + e.getMethodName() + ")";
                break;
            }
            if (cls.contains("streaming.runtime.tasks") || cls.contains("runtime.taskmanager.Task")) {
                where = "task execution (" + cls + "." + e.getMethodName() + ")";
                break;
            }
        }
        boolean adaptive = false;
        for (StackTraceElement e : root.getStackTrace()) {
            adaptive |= e.getClassName().endsWith("adaptive.AdaptiveScheduler");
        }
        String outer = init ? "JobMaster/scheduler creation -> "
                : adaptive ? "AdaptiveScheduler execution-graph creation (after slots acquired) -> "
                : "after scheduling -> ";
        return outer + where;
    }

    static String printRuntimeGraph(JobID id, String what) throws Exception {
        AccessExecutionGraph g = cluster.getExecutionGraph(id).get(30, TimeUnit.SECONDS);
        StringBuilder sb = new StringBuilder();
        System.out.println("  " + what + " (" + g.getState() + "):");
        if (!g.getVerticesTopologically().iterator().hasNext()) {
            System.out.println("    (no vertices: the ExecutionGraph was never built/attached)");
        }
        for (AccessExecutionJobVertex v : g.getVerticesTopologically()) {
            System.out.println("    vertex '" + v.getName() + "' parallelism=" + v.getParallelism()
                    + " maxParallelism=" + v.getMaxParallelism());
            if (v.getName().contains("keyed-op")) {
                sb.append("runtime keyed vertex p=").append(v.getParallelism())
                        .append(" maxp=").append(v.getMaxParallelism());
            }
        }
        return sb.toString();
    }

    static void printJobGraph(JobGraph jg) {
        System.out.println("  JobGraph: savepointRestore=" + jg.getSavepointRestoreSettings());
        for (JobVertex v : jg.getVertices()) {
            System.out.println("    JobVertex '" + v.getName() + "' parallelism=" + v.getParallelism()
                    + " maxParallelism=" + v.getMaxParallelism()
                    + (v.getMaxParallelism() == -1
                        ? " (unset; scheduler will derive SchedulerBase.getDefaultMaxParallelism(" + v.getParallelism() + ") = "
                            + org.apache.flink.runtime.scheduler.SchedulerBase.getDefaultMaxParallelism(v.getParallelism()) + ")"
                        : " (explicit)"));
        }
    }

    /** Print interesting lines the JobManager logged since the last call (see log4j2.properties). */
    static void scanLog() {
        for (String line : FLINK_LOG.readNew()) {
            if (line.contains("Rescaling maximum parallelism") || line.contains("from savepoint")) {
                System.out.println("  log: " + line.substring(Math.min(line.length(), 13)).replaceAll(" +", " "));
            }
        }
    }

    static Throwable rootCause(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    static String oneLine(Throwable t) {
        return t.getClass().getName() + ": " + t.getMessage();
    }

    static void printChain(Throwable t, String indent) {
        printChain(t, indent, true);
    }

    static void printChain(Throwable t, String indent, boolean frames) {
        int depth = 0;
        Throwable root = rootCause(t);
        List<Throwable> seen = new ArrayList<>();
        for (Throwable c = t; c != null && !seen.contains(c); c = c.getCause()) {
            seen.add(c);
            System.out.println(indent + (depth == 0 ? "" : "caused by: ") + c.getClass().getName() + ": " + c.getMessage());
            int shown = 0;
            int limit = !frames ? 0 : (c == root ? 14 : 2);
            for (StackTraceElement e : c.getStackTrace()) {
                if (shown++ >= limit) {
                    break;
                }
                System.out.println(indent + "      at " + e);
            }
            depth++;
        }
    }
}

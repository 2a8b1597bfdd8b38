/*
 * CancelRetention: what a cancel leaves of a job's retained checkpoints, by
 * execution.checkpointing.externalized-checkpoint-retention: not set (Flink's default,
 * NO_EXTERNALIZED_CHECKPOINTS), RETAIN_ON_CANCELLATION and DELETE_ON_CANCELLATION. The planner's
 * first step for a running job whose savepoint outlasts the default timeout cancels it and
 * restarts it from its latest checkpoint: that works only where the cancel leaves one.
 *
 * Each run: a job (heap backend, parallelism 1) counting keys, checkpoints every 200 ms into a
 * directory of its own; once two checkpoints are there (a chk-N directory with its _metadata),
 * the job is cancelled, and the directory is looked at when the job is CANCELED and again up to
 * 10 s later (a deletion may come after the job ends).
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

public class CancelRetention extends FlinkLab {

    static MiniCluster cluster;
    static File work;

    public static void main(String[] args) throws Exception {
        work = new File(args[0]);
        cluster = startLab(5, 2, "64m", "256m");
        out("What a cancel leaves of a job's checkpoints, by execution.checkpointing.externalized-checkpoint-retention.");
        List<String> summary = new ArrayList<>();
        try {
            for (String retention : new String[] {null, "RETAIN_ON_CANCELLATION", "DELETE_ON_CANCELLATION"}) {
                summary.add(run(retention));
            }
        } finally {
            cluster.close();
        }
        outSummary(summary);
        out("DONE");
        printReport();
    }

    static JobGraph job(String name, File dir, String retention) {
        Map<String, String> m = jobConfig("none", "hashmap", null, false);
        m.put("execution.checkpointing.interval", "200 ms");
        m.put("execution.checkpointing.dir", dir.toURI().toString());
        if (retention != null) {
            m.put("execution.checkpointing.externalized-checkpoint-retention", retention);
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(Configuration.fromMap(m));
        env.setParallelism(1);
        DataGeneratorSource<Long> src = new DataGeneratorSource<>(
                i -> i, Long.MAX_VALUE, RateLimiterStrategy.perSecond(200), Types.LONG);
        env.fromSource(src, WatermarkStrategy.noWatermarks(), "src").uid("src")
                .keyBy(v -> v % 10, Types.LONG)
                .process(new CountPerKey()).returns(Types.LONG).uid("count").name("count")
                .sinkTo(new DiscardingSink<>()).uid("sink").name("sink");
        StreamGraph sg = env.getStreamGraph();
        sg.setJobName(name);
        return sg.getJobGraph();
    }

    /** The chk-N directories of the job that hold a _metadata file. */
    static int checkpoints(File jobDir) {
        int n = 0;
        File[] kids = jobDir.listFiles();
        if (kids != null) {
            for (File k : kids) {
                if (k.getName().startsWith("chk-") && new File(k, "_metadata").isFile()) {
                    n++;
                }
            }
        }
        return n;
    }

    static String run(String retention) throws Exception {
        String label = retention == null ? "not set (the default)" : retention;
        progress("retention " + label);
        File dir = freshDir(new File(work, "checkpoints-" + (retention == null ? "default" : retention)));
        JobID id = cluster.submitJob(job(label, dir, retention)).get(60, TimeUnit.SECONDS).getJobID();
        File jobDir = new File(dir, id.toString());
        if (!waitFor(() -> checkpoints(jobDir) >= 1
                && cluster.getExecutionGraphInfo(id).get().getArchivedExecutionGraph().getCheckpointStatsSnapshot()
                        .getCounts().getNumberOfCompletedCheckpoints() >= 2, 60, 50)) {
            throw new IllegalStateException(label + ": no two checkpoints completed");
        }
        int before = checkpoints(jobDir);
        cancel(cluster, id);
        JobStatus status = cluster.getJobStatus(id).get(10, TimeUnit.SECONDS);
        int atEnd = checkpoints(jobDir);
        // A deletion may come after the job is CANCELED: looked at again, up to 10 s.
        waitFor(() -> checkpoints(jobDir) == 0, 10, 100);
        int later = checkpoints(jobDir);
        out(String.format("retention %-24s before the cancel: %d checkpoint(s) on disk (chk-N with _metadata); job %s; then: %d; up to 10 s later: %d",
                label + ":", before, status, atEnd, later));
        return String.format("retention %s: a cancelled job leaves %s", label,
                later > 0 ? "its latest checkpoint on disk" : "no checkpoint on disk");
    }
}

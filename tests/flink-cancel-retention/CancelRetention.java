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
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.runtime.minicluster.MiniCluster;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

public class CancelRetention extends FlinkLab {

    public static void main(String[] args) throws Exception {
        MiniCluster cluster = startLab(5, 2, "64m", "256m");
        out("What a cancel leaves of a job's checkpoints, by execution.checkpointing.externalized-checkpoint-retention.");
        List<String> summary = new ArrayList<>();
        try (cluster) {
            for (String retention : new String[] {null, "RETAIN_ON_CANCELLATION", "DELETE_ON_CANCELLATION"}) {
                summary.add(run(cluster, new File(args[0]), retention));
            }
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
        return keyedGeneratorJob(name, m, 200, new CountPerKey(), "count");
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

    static String run(MiniCluster cluster, File work, String retention) throws Exception {
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
        // A deletion may come after the job is CANCELED (whether it is done at that moment varies
        // from run to run): looked at until it is, up to 10 s.
        waitFor(() -> checkpoints(jobDir) == 0, 10, 100);
        int later = checkpoints(jobDir);
        out(String.format("retention %-24s before the cancel: %d checkpoint(s) on disk (chk-N with _metadata); job %s; up to 10 s later: %d",
                label + ":", before, status, later));
        return String.format("retention %s: a cancelled job leaves %s", label,
                later > 0 ? "its latest checkpoint on disk" : "no checkpoint on disk");
    }
}

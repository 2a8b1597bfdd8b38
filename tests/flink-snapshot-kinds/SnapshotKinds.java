/*
 * SnapshotKinds: runs real Flink (local MiniCluster, same JVM) to observe what each kind of
 * snapshot allows on restore.
 *
 * Job shape (every job):
 *   DataGeneratorSource (uid "src", p=1, rate-limited) -> filter (drops everything while FROZEN)
 *     -> keyBy(v % 100) -> KeyedProcessFunction with ValueState "count" (uid "keyed-op", max parallelism 128)
 *     -> DiscardingSink (uid "sink")
 * Snapshots, all taken at parallelism 2 once every key has a count, with the input frozen so the
 * counts in the snapshot are known:
 *   canonical savepoint (hashmap), native savepoint (rocksdb), retained aligned checkpoint (rocksdb,
 *   incremental), retained unaligned checkpoint (hashmap, unaligned checkpoints on), and a
 *   canonical savepoint taken with RocksDB (the backend change the other way); last, the native
 *   formats the other way: a native savepoint and a retained aligned checkpoint taken with hashmap,
 *   a retained unaligned checkpoint taken with RocksDB (incremental); and a retained aligned
 *   checkpoint taken with RocksDB with incremental checkpoints off (a full one).
 * Restores at parallelism 3 with the same or the other backend (restart strategy none, so a
 * failure ends the job), and in CLAIM / NO_CLAIM mode: does the snapshot's directory survive once
 * the restored job has completed two checkpoints of its own (num-retained 1)?
 *
 * stdout: the deterministic report (committed as observed-flink-<version>.txt); stderr: progress.
 * Usage: java -Xmx1g -cp <flink jars>:. SnapshotKinds <workDir>
 * Shared helpers (report, MiniCluster, watchdog, the job's configuration, the keyed operator
 * CountPerKey, savepoints, polling): ../flink-common/FlinkLab.java.
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.io.DataInputStream;
import java.io.File;
import java.io.FileInputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

public class SnapshotKinds extends FlinkLab {

    static final int KEYS = 100;
    static final int SNAPSHOT_P = 2;
    static final int RESTORE_P = 3;
    static final int MAX_PARALLELISM = 128;

    static volatile boolean frozen = false;
    // The keyed operator is FlinkLab's CountPerKey; what its tasks see (records, restored keys, those
    // equal to the snapshot's count in CountPerKey.expected, each key's latest count) is in
    // CountPerKey's static fields.

    static MiniCluster cluster;
    static String workDir;
    static final List<String> SUMMARY = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        workDir = args.length > 0 ? args[0] : "/tmp/flink-snapshot-kinds";
        cluster = startLab(14, 8, "64m", "128m");
        out("MiniCluster: 1 TaskManager x 8 slots, default scheduler");
        out("Job: source(p=1) -> filter -> keyBy(v % " + KEYS + ") -> keyed-op with ValueState \"count\" (maxp="
                + MAX_PARALLELISM + ") -> sink");
        out("Snapshots taken at p=" + SNAPSHOT_P + " with the input frozen; restores at p=" + RESTORE_P
                + ", restart-strategy.type=none");
        try {
            Snap canonical = savepoint("canonical savepoint", "hashmap", SavepointFormatType.CANONICAL);
            Snap nativeSp = savepoint("native savepoint", "rocksdb", SavepointFormatType.NATIVE);
            Snap aligned = checkpoint("retained aligned checkpoint", "rocksdb", false);
            Snap unaligned = checkpoint("retained unaligned checkpoint", "hashmap", true);
            for (Snap s : new Snap[] {canonical, nativeSp, aligned, unaligned}) {
                restore(s, s.backend, "NO_CLAIM", false);
                restore(s, s.backend.equals("hashmap") ? "rocksdb" : "hashmap", "NO_CLAIM", false);
            }
            // The backend change the other way: a canonical savepoint taken with RocksDB.
            Snap canonicalRocks = savepoint("canonical savepoint", "rocksdb", SavepointFormatType.CANONICAL);
            restore(canonicalRocks, "rocksdb", "NO_CLAIM", false);
            restore(canonicalRocks, "hashmap", "NO_CLAIM", false);
            for (Snap s : new Snap[] {canonical, aligned}) {
                Snap copy = s.kind.contains("checkpoint") ? checkpoint(s.kind + " (second)", s.backend, false)
                        : savepoint(s.kind + " (second)", s.backend, SavepointFormatType.CANONICAL);
                restore(copy, copy.backend, "CLAIM", true);
                Snap copy2 = s.kind.contains("checkpoint") ? checkpoint(s.kind + " (third)", s.backend, false)
                        : savepoint(s.kind + " (third)", s.backend, SavepointFormatType.CANONICAL);
                restore(copy2, copy2.backend, "NO_CLAIM", true);
            }
            // The native formats the other way: a native savepoint and an aligned checkpoint taken
            // with the heap backend, an unaligned checkpoint with RocksDB.
            Snap nativeHeap = savepoint("native savepoint", "hashmap", SavepointFormatType.NATIVE);
            Snap alignedHeap = checkpoint("retained aligned checkpoint", "hashmap", false);
            Snap unalignedRocks = checkpoint("retained unaligned checkpoint", "rocksdb", true);
            for (Snap s : new Snap[] {nativeHeap, alignedHeap, unalignedRocks}) {
                restore(s, s.backend, "NO_CLAIM", false);
                restore(s, s.backend.equals("hashmap") ? "rocksdb" : "hashmap", "NO_CLAIM", false);
            }
            // A RocksDB checkpoint taken with incremental checkpoints off (a full one), restored
            // with either backend: the aligned checkpoint above was incremental.
            Snap alignedFull = checkpoint("retained aligned checkpoint, full", "rocksdb", false, false);
            restore(alignedFull, "rocksdb", "NO_CLAIM", false);
            restore(alignedFull, "hashmap", "NO_CLAIM", false);
        } finally {
            outSummary(SUMMARY);
            cluster.closeAsync().get(60, TimeUnit.SECONDS);
        }
        printReport();
        System.exit(0);
    }

    static final class Snap {
        final String kind, backend, path;
        final Map<Long, Long> counts;

        Snap(String kind, String backend, String path, Map<Long, Long> counts) {
            this.kind = kind;
            this.backend = backend;
            this.path = path;
            this.counts = counts;
        }
    }

    static int dirs = 0;

    static JobGraph job(String name, String backend, int p, Map<String, String> extra) {
        Map<String, String> m = jobConfig("none", backend, null, false);
        m.putAll(extra);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(Configuration.fromMap(m));
        env.setParallelism(p);
        env.setMaxParallelism(MAX_PARALLELISM);
        DataGeneratorSource<Long> src = new DataGeneratorSource<>(i -> i, Long.MAX_VALUE,
                RateLimiterStrategy.perSecond(2000), Types.LONG);
        env.fromSource(src, WatermarkStrategy.noWatermarks(), "src").uid("src").setParallelism(1)
                .filter(v -> !frozen).uid("gate").setParallelism(1)
                .keyBy(v -> v % KEYS, Types.LONG)
                .process(new CountPerKey()).returns(Types.LONG).uid("keyed-op").name("keyed-op")
                .sinkTo(new DiscardingSink<>()).uid("sink").name("sink");
        StreamGraph sg = env.getStreamGraph();
        sg.setJobName(name);
        return sg.getJobGraph();
    }

    /** Runs at p=2 until every key has a count, then freezes the input; returns the frozen counts. */
    static JobID runUntilFrozen(String name, String backend, Map<String, String> extra) throws Exception {
        CountPerKey.reset();
        frozen = false;
        JobID id = cluster.submitJob(job(name, backend, SNAPSHOT_P, extra)).get(60, TimeUnit.SECONDS).getJobID();
        if (!waitFor(() -> CountPerKey.LAST.size() >= KEYS && CountPerKey.PROCESSED.get() >= 3 * KEYS, 60, 20)) {
            throw new IllegalStateException(name + ": no records processed");
        }
        frozen = true;
        Thread.sleep(300);
        return id;
    }

    static Snap savepoint(String kind, String backend, SavepointFormatType fmt) throws Exception {
        progress("taking " + kind);
        File dir = freshDir(new File(workDir, "sp-" + (dirs++)));
        JobID id = runUntilFrozen(kind, backend, Map.of());
        String path = stopWithSavepoint(cluster, id, dir, fmt);
        return new Snap(kind, backend, path, new HashMap<>(CountPerKey.LAST));
    }

    static Snap checkpoint(String kind, String backend, boolean unaligned) throws Exception {
        return checkpoint(kind, backend, unaligned, backend.equals("rocksdb"));
    }

    /** A retained checkpoint; `incremental`: RocksDB's incremental checkpoints on. */
    static Snap checkpoint(String kind, String backend, boolean unaligned, boolean incremental) throws Exception {
        progress("taking " + kind);
        File dir = freshDir(new File(workDir, "cp-" + (dirs++)));
        Map<String, String> m = new HashMap<>();
        m.put("execution.checkpointing.interval", "300 ms");
        m.put("execution.checkpointing.dir", dir.toURI().toString());
        m.put("execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION");
        m.put("execution.checkpointing.incremental", String.valueOf(incremental));
        m.put("execution.checkpointing.unaligned.enabled", String.valueOf(unaligned));
        JobID id = runUntilFrozen(kind, backend, m);
        File jobDir = new File(dir, id.toString());
        int before = latestCheckpoint(jobDir);
        if (!waitFor(() -> latestCheckpoint(jobDir) >= before + 2, 30, 50)) {
            throw new IllegalStateException(kind + ": no checkpoint completed after the freeze");
        }
        cancel(cluster, id);
        int n = latestCheckpoint(jobDir);
        return new Snap(kind, backend, new File(jobDir, "chk-" + n).getAbsolutePath(), new HashMap<>(CountPerKey.LAST));
    }

    /** A snapshot path (a file: URI for savepoints, a plain path for checkpoints) as a local directory. */
    static File localDir(String path) {
        return path.startsWith("file:") ? new File(java.net.URI.create(path)) : new File(path);
    }

    static int latestCheckpoint(File jobDir) {
        int best = -1;
        File[] kids = jobDir.listFiles();
        if (kids != null) {
            for (File k : kids) {
                if (k.getName().startsWith("chk-") && new File(k, "_metadata").isFile()) {
                    best = Math.max(best, Integer.parseInt(k.getName().substring(4)));
                }
            }
        }
        return best;
    }

    /** The classes of the keyed state handles a snapshot's _metadata holds, as Flink reads it. */
    static String keyedHandles(String path) throws Exception {
        TreeSet<String> kinds = new TreeSet<>();
        try (DataInputStream in = new DataInputStream(new FileInputStream(new File(localDir(path), "_metadata")))) {
            CheckpointMetadata md = Checkpoints.loadCheckpointMetadata(in, SnapshotKinds.class.getClassLoader(), path);
            for (OperatorState op : md.getOperatorStates()) {
                for (OperatorSubtaskState st : op.getStates()) {
                    for (KeyedStateHandle h : st.getManagedKeyedState()) {
                        kinds.add(h.getClass().getSimpleName());
                    }
                }
            }
        }
        return kinds.isEmpty() ? "(none)" : String.join(", ", kinds);
    }

    static void restore(Snap s, String backend, String claim, boolean watchOwnership) throws Exception {
        String title = s.kind + " (" + s.backend + ") -> " + backend + " at p=" + RESTORE_P + ", " + claim;
        progress("restore " + title);
        out("");
        out("==== " + title);
        out("  the snapshot's keyed state handles (its _metadata, read by Flink's Checkpoints): " + keyedHandles(s.path));
        CountPerKey.reset();
        frozen = false;
        CountPerKey.expected = s.counts;
        File cpDir = freshDir(new File(workDir, "restore-" + (dirs++)));
        Map<String, String> m = new HashMap<>();
        m.put("execution.state-recovery.path", s.path);
        m.put("execution.state-recovery.claim-mode", claim);
        if (watchOwnership) {
            m.put("execution.checkpointing.interval", "300 ms");
            m.put("execution.checkpointing.dir", cpDir.toURI().toString());
            m.put("execution.checkpointing.num-retained", "1");
            m.put("execution.checkpointing.incremental", String.valueOf(backend.equals("rocksdb")));
        }
        JobID id = cluster.submitJob(job("restore", backend, RESTORE_P, m)).get(60, TimeUnit.SECONDS).getJobID();
        JobStatus st = awaitEndOrRunning(cluster, id, 60, 20, () -> CountPerKey.RESTORED_KEYS.get() >= KEYS);
        String verdict;
        if (st == JobStatus.RUNNING) {
            out("  RUNNING; restored keys " + CountPerKey.RESTORED_KEYS.get() + "/" + KEYS + ", equal to the snapshot's count "
                    + CountPerKey.RESTORED_MATCH.get() + "/" + KEYS);
            verdict = CountPerKey.RESTORED_MATCH.get() == KEYS ? "restored" : "restored-partly";
            if (watchOwnership) {
                File own = new File(cpDir, id.toString());
                boolean two = waitFor(() -> latestCheckpoint(own) >= 2, 30, 50);
                Thread.sleep(500);
                boolean kept = new File(localDir(s.path), "_metadata").isFile();
                out("  after " + (two ? "two" : "fewer than two") + " checkpoints of the restored job: the snapshot's _metadata "
                        + (kept ? "is still there" : "is gone (deleted by Flink)"));
                verdict += kept ? ", snapshot kept" : ", snapshot deleted";
            }
            cancel(cluster, id);
        } else {
            JobResult r = cluster.requestJobResult(id).get(60, TimeUnit.SECONDS);
            // The cluster's word for the ended job (JobResult.getJobStatus is 2.3's only).
            out("  job ended " + cluster.getJobStatus(id).get(10, TimeUnit.SECONDS) + " (last polled " + st + ")");
            r.getSerializedThrowable().ifPresent(t -> {
                Throwable e = t.deserializeError(SnapshotKinds.class.getClassLoader());
                for (String line : chain(e, x -> noSavepointIds(noWorkDir(x.replaceAll("[0-9a-f]{32}", "<id>").replaceAll("\\((\\d+)/(\\d+)\\)", "(<n>/$2)"), workDir)))) {
                    out("  " + (line.length() > 400 ? line.substring(0, 400) + "..." : line));
                }
            });
            verdict = "refused";
        }
        SUMMARY.add(title + ": " + verdict);
    }
}

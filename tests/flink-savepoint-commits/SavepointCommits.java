/*
 * SavepointCommits: which snapshots make a two-phase sink commit, observed on real Flink (a
 * MiniCluster in this JVM, hashmap state backend).
 *
 * The job, one chained task at parallelism 1: a DataGeneratorSource of the numbers 0, 1, 2, ...
 * held by a gate (it emits a record only when this program hands it a permit, so the number of
 * records written since the last snapshot is exact), a map that notes every
 * notifyCheckpointComplete/-Aborted its task receives, and a Sink V2 with a committer: the writer
 * hands over "the records since the last snapshot" as one committable ("A:10-46") in its
 * prepareCommit, and the committer "commits" a committable by logging it with the Flink method it
 * was called from (notifyCheckpointComplete, initializeState or endInput). The writer also notes
 * which snapshot carried each committable (its snapshotState(id) follows prepareCommit).
 * Checkpoints are 7 days apart with a 7-day min-pause, so only the snapshots this program triggers
 * happen (the probe P shows why the min-pause: a 1 h interval alone still checkpoints as a job
 * starts); retained checkpoints are kept on cancellation and failure; no restarts.
 *
 *   P  probe: interval 1 h, no min-pause, nothing triggered: checkpoints in its first seconds
 *   A  baseline checkpoint; intermediate savepoints (canonical, native); the checkpoint after
 *      them; stop-with-savepoint (canonical, no drain)
 *   B  restored from A's stop savepoint; then an intermediate savepoint, more records, cancel
 *   C  restored from B's intermediate savepoint; a checkpoint whose commit fails (job FAILED)
 *   D  restored from C's checkpoint; a checkpoint whose commit is held until D is cancelled
 *   E  restored from D's checkpoint
 *
 * stdout: the report (committed as observed-flink-<version>.txt); stderr: progress.
 * Usage: java -cp <flink jars>:. SavepointCommits <workDir>   (run.sh does it)
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource.NumberSequenceSplit;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiter;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.CheckpointType;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.SimpleVersionedStringSerializer;
import org.apache.flink.runtime.checkpoint.AbstractCheckpointStats;
import org.apache.flink.runtime.checkpoint.CompletedCheckpointStats;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobmaster.JobResult;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

public class SavepointCommits extends FlinkLab {

    // ------------------------------------------------------------------ what the tasks leave here

    /** The job now running ("A".."E"): its tasks read it when they are created. */
    static volatile String run = "";
    /** Records the gate still lets through. */
    static final AtomicLong PERMITS = new AtomicLong();
    /** Records the current job's writer has received. */
    static final AtomicLong WRITTEN = new AtomicLong();
    /** Orders commits and notifications (they happen on the same task thread). */
    static final AtomicLong SEQ = new AtomicLong();
    /** Committable -> the id of the snapshot whose writer state followed it. */
    static final Map<String, Long> SNAPSHOT_OF = new ConcurrentHashMap<>();
    /** The checkpoint id each job's committer was restored from (CommitterInitContext). */
    static final Map<String, OptionalLong> RESTORED = new ConcurrentHashMap<>();
    static final Set<String> WRITER_OPEN = ConcurrentHashMap.newKeySet();
    /** The first record each job's writer received. */
    static final Map<String, Long> FIRST = new ConcurrentHashMap<>();
    static volatile boolean failCommits = false;
    static volatile boolean holdCommits = false;
    static volatile boolean holding = false;
    static volatile boolean abortHeld = false;

    record Commit(String run, String committable, String caller, long seq, long time) {}

    record Note(String run, long checkpointId, String what, long seq) {}

    static final List<Commit> COMMITS = new CopyOnWriteArrayList<>();
    static final List<Note> NOTES = new CopyOnWriteArrayList<>();

    // ------------------------------------------------------------------ the job's pieces

    static final ScheduledExecutorService GATE_TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "gate");
        t.setDaemon(true);
        return t;
    });

    /** Lets a record through per permit; a job that is no longer `run` gets none. */
    public static class Gate implements RateLimiterStrategy<NumberSequenceSplit> {
        @Override
        public RateLimiter<NumberSequenceSplit> createRateLimiter(int parallelism) {
            String mine = run;
            return permits -> {
                CompletableFuture<Void> granted = new CompletableFuture<>();
                take(mine, permits, granted);
                return granted;
            };
        }

        static void take(String mine, int n, CompletableFuture<Void> granted) {
            if (!mine.equals(run)) {
                return;
            }
            long have = PERMITS.get();
            if (have >= n && PERMITS.compareAndSet(have, have - n)) {
                granted.complete(null);
            } else {
                GATE_TIMER.schedule(() -> take(mine, n, granted), 5, TimeUnit.MILLISECONDS);
            }
        }
    }

    /** Passes records on; notes the checkpoint notifications its task receives. */
    public static class Listen extends RichMapFunction<Long, Long> implements CheckpointListener {
        private transient String mine;

        @Override
        public void open(OpenContext ctx) {
            mine = run;
        }

        @Override
        public Long map(Long v) {
            return v;
        }

        @Override
        public void notifyCheckpointComplete(long id) {
            NOTES.add(new Note(mine, id, "complete", SEQ.incrementAndGet()));
        }

        @Override
        public void notifyCheckpointAborted(long id) {
            NOTES.add(new Note(mine, id, "aborted", SEQ.incrementAndGet()));
        }
    }

    /** The records since the last snapshot as one committable; the committer logs what it commits. */
    public static class CommitSink implements Sink<Long>, SupportsCommitter<String>, SupportsWriterState<Long, String> {

        static final class Writer implements CommittingSinkWriter<Long, String>, StatefulSinkWriter<Long, String> {
            private final String mine = run;
            private final List<Long> records = new ArrayList<>();
            private String prepared;

            Writer() {
                WRITER_OPEN.add(mine);
            }

            @Override
            public void write(Long v, Context c) {
                records.add(v);
                FIRST.putIfAbsent(mine, v);
                WRITTEN.incrementAndGet();
            }

            @Override
            public void flush(boolean endOfInput) {
            }

            @Override
            public Collection<String> prepareCommit() {
                prepared = null;
                if (records.isEmpty()) {
                    return List.of();
                }
                long first = records.get(0);
                long last = records.get(records.size() - 1);
                if (last - first + 1 != records.size()) {
                    throw new IllegalStateException("records not consecutive: " + records);
                }
                records.clear();
                prepared = mine + ":" + first + "-" + last;
                return List.of(prepared);
            }

            @Override
            public List<String> snapshotState(long checkpointId) {
                if (prepared != null) {
                    SNAPSHOT_OF.put(prepared, checkpointId);
                    prepared = null;
                }
                return List.of();
            }

            @Override
            public void close() {
            }
        }

        @Override
        public Writer createWriter(WriterInitContext ctx) {
            return new Writer();
        }

        @Override
        public Writer restoreWriter(WriterInitContext ctx, Collection<String> state) {
            return new Writer();
        }

        @Override
        public Committer<String> createCommitter(CommitterInitContext ctx) {
            String mine = run;
            RESTORED.put(mine, ctx.getRestoredCheckpointId());
            return new Committer<String>() {
                @Override
                public void commit(Collection<CommitRequest<String>> requests) throws IOException, InterruptedException {
                    if (requests.isEmpty()) {
                        return;
                    }
                    String caller = caller();
                    if (failCommits) {
                        throw new IOException("injected: the committer fails in " + caller);
                    }
                    if (holdCommits) {
                        holding = true;
                        while (!abortHeld) {
                            Thread.sleep(10);
                        }
                        throw new IOException("injected: the job was cancelled before the committer committed");
                    }
                    for (CommitRequest<String> r : requests) {
                        COMMITS.add(new Commit(mine, r.getCommittable(), caller, SEQ.incrementAndGet(), System.currentTimeMillis()));
                    }
                }

                @Override
                public void close() {
                }
            };
        }

        /** The CommitterOperator method this commit runs in. */
        static String caller() {
            for (StackTraceElement e : Thread.currentThread().getStackTrace()) {
                String m = e.getMethodName();
                if (e.getClassName().endsWith("CommitterOperator")
                        && (m.equals("notifyCheckpointComplete") || m.equals("initializeState") || m.equals("endInput"))) {
                    return m;
                }
            }
            return "?";
        }

        // Flink's own serializer of a string (UTF-8 with its length), for committables and writer state.
        static final SimpleVersionedSerializer<String> STRINGS = SimpleVersionedStringSerializer.INSTANCE;

        @Override
        public SimpleVersionedSerializer<String> getCommittableSerializer() {
            return STRINGS;
        }

        @Override
        public SimpleVersionedSerializer<String> getWriterStateSerializer() {
            return STRINGS;
        }
    }

    // ------------------------------------------------------------------ driving the jobs

    static MiniCluster cluster;
    static File work;

    /**
     * The job; `interval` is its checkpoint interval. With `minPause` the minimum pause between
     * checkpoints is as long, which keeps away the periodic checkpoint Flink 2.3 triggers as a
     * job starts (the probe at the start of the report shows it).
     */
    static JobGraph job(String name, String restoreFrom, String interval, boolean minPause) {
        Map<String, String> m = jobConfig("none", "hashmap", null, false);
        m.put("execution.checkpointing.interval", interval);
        if (minPause) {
            m.put("execution.checkpointing.min-pause", interval);
        }
        m.put("execution.checkpointing.dir", new File(work, "checkpoints").toURI().toString());
        m.put("execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION");
        if (restoreFrom != null) {
            m.put("execution.state-recovery.path", restoreFrom);
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(Configuration.fromMap(m));
        env.setParallelism(1);
        env.fromSource(new DataGeneratorSource<>(i -> i, Long.MAX_VALUE, new Gate(), Types.LONG),
                        WatermarkStrategy.noWatermarks(), "src").uid("src")
                .map(new Listen()).uid("listen").name("listen")
                .sinkTo(new CommitSink()).uid("sink").name("sink");
        StreamGraph sg = env.getStreamGraph();
        sg.setJobName(name);
        return sg.getJobGraph();
    }

    /** Submits job `name` (restored from `restoreFrom` when not null); returns once it runs. */
    static JobID start(String name, String restoreFrom) throws Exception {
        JobID id = start(job(name, restoreFrom, "7 d", true), name, restoreFrom);
        JOBS.add(id);
        return id;
    }

    static JobID start(JobGraph g, String name, String restoreFrom) throws Exception {
        run = name;
        PERMITS.set(0);
        WRITTEN.set(0);
        if (g.getNumberOfVertices() != 1) {
            throw new IllegalStateException("expected one chained task, got " + g.getNumberOfVertices());
        }
        JobID id = cluster.submitJob(g).get(60, TimeUnit.SECONDS).getJobID();
        if (!waitFor(() -> WRITER_OPEN.contains(name) && cluster.getJobStatus(id).get() == JobStatus.RUNNING, 60, 20)) {
            throw new IllegalStateException("job " + name + " did not start");
        }
        Thread.sleep(1000);
        progress("job " + name + " running" + (restoreFrom == null ? "" : ", restored from " + restoreFrom));
        return id;
    }

    /** Lets `n` records through and waits until the writer has them all. */
    static void release(int n) throws Exception {
        long target = WRITTEN.get() + n;
        PERMITS.addAndGet(n);
        if (!waitFor(() -> WRITTEN.get() >= target, 30, 5)) {
            throw new IllegalStateException("the writer did not receive " + n + " records");
        }
        Thread.sleep(200);
        if (WRITTEN.get() != target) {
            throw new IllegalStateException("the gate let more than " + n + " records through");
        }
    }

    static long checkpoint(JobID job) throws Exception {
        long id = cluster.triggerCheckpoint(job, CheckpointType.CONFIGURED).get(60, TimeUnit.SECONDS);
        progress("checkpoint " + id + " completed");
        return id;
    }

    /** An intermediate savepoint; returns {its id, its path}. */
    static Object[] savepoint(JobID job, SavepointFormatType type) throws Exception {
        String path = cluster.triggerSavepoint(job, new File(work, "savepoints").toURI().toString(), false, type)
                .get(60, TimeUnit.SECONDS);
        long id = snapshot(job, s -> s.getProperties().isSavepoint(), true).getCheckpointId();
        progress("savepoint " + id + " completed: " + path);
        return new Object[] {id, path};
    }

    /** The newest (or, with newest false, only) completed snapshot of the job that `which` accepts. */
    static CompletedCheckpointStats snapshot(JobID job, Predicate<AbstractCheckpointStats> which, boolean newest) throws Exception {
        CompletedCheckpointStats found = null;
        for (AbstractCheckpointStats s : cluster.getExecutionGraphInfo(job).get(30, TimeUnit.SECONDS)
                .getArchivedExecutionGraph().getCheckpointStatsSnapshot().getHistory().getCheckpoints()) {
            if (s instanceof CompletedCheckpointStats c && which.test(s)
                    && (found == null || c.getCheckpointId() > found.getCheckpointId())) {
                found = c;
            }
        }
        if (found == null) {
            throw new IllegalStateException("no such completed snapshot of " + job);
        }
        return found;
    }

    /** Flink's own name of snapshot `id`'s type ("Checkpoint", "Savepoint", "Terminate Savepoint"). */
    static String kind(JobID job, long id) throws Exception {
        return snapshot(job, s -> s.getCheckpointId() == id, false).getProperties().getCheckpointType().getName();
    }

    // ------------------------------------------------------------------ reading what happened

    static long size(String committable) {
        String[] r = committable.substring(committable.indexOf(':') + 1).split("-");
        return Long.parseLong(r[1]) - Long.parseLong(r[0]) + 1;
    }

    static String records(String committable) {
        return "records " + committable.substring(committable.indexOf(':') + 1);
    }

    /** Job `origin`'s committables carried by snapshot `id`. */
    static List<String> carriedBy(String origin, long id) {
        List<String> out = new ArrayList<>();
        SNAPSHOT_OF.forEach((c, s) -> {
            if (c.startsWith(origin + ":") && s == id) {
                out.add(c);
            }
        });
        return out;
    }

    static long records(List<String> committables) {
        return committables.stream().mapToLong(SavepointCommits::size).sum();
    }

    static List<Commit> commitsOf(List<String> committables) {
        return COMMITS.stream().filter(c -> committables.contains(c.committable())).toList();
    }

    static long committed(List<String> committables) {
        return commitsOf(committables).stream().mapToLong(c -> size(c.committable())).sum();
    }

    /** How a commit was called: the notification it ran in (the note that follows it), or a restore. */
    static String how(Commit c) {
        if (c.caller().equals("notifyCheckpointComplete")) {
            for (Note n : NOTES) {
                if (n.run().equals(c.run()) && n.seq() > c.seq() && n.what().equals("complete")) {
                    return "job " + c.run() + "'s notifyCheckpointComplete(" + n.checkpointId() + ")";
                }
            }
            return "job " + c.run() + "'s notifyCheckpointComplete(?)";
        }
        if (c.caller().equals("initializeState")) {
            OptionalLong r = RESTORED.get(c.run());
            return "job " + c.run() + "'s initializeState (restored checkpoint id "
                    + (r != null && r.isPresent() ? r.getAsLong() : "none") + ")";
        }
        return "job " + c.run() + "'s " + c.caller();
    }

    /** "37 by job A's notifyCheckpointComplete(4)", or "nothing". */
    static String byWhom(List<Commit> commits) {
        Map<String, Long> by = new LinkedHashMap<>();
        for (Commit c : commits) {
            by.merge(how(c), size(c.committable()), Long::sum);
        }
        if (by.isEmpty()) {
            return "nothing";
        }
        List<String> parts = new ArrayList<>();
        by.forEach((h, n) -> parts.add(n + " by " + h));
        return String.join(", ", parts);
    }

    /** The checkpoint ids job `name`'s task was notified of as complete. */
    static List<Long> notified(String name) {
        return NOTES.stream().filter(n -> n.run().equals(name) && n.what().equals("complete")).map(Note::checkpointId).toList();
    }

    /** Waits up to `seconds` for `n` records of these committables to be committed. */
    static void awaitCommitted(List<String> committables, long n, int seconds) throws Exception {
        waitFor(() -> committed(committables) >= n, seconds, 20);
    }

    static List<Commit> commitsBy(String name, String caller) {
        return COMMITS.stream().filter(c -> c.run().equals(name) && c.caller().equals(caller)).toList();
    }

    static String list(List<Commit> commits) {
        return commits.isEmpty() ? "nothing"
                : String.join(", ", commits.stream().map(c -> records(c.committable()) + " (job " + c.committable().split(":")[0]
                        + "'s, carried by snapshot " + SNAPSHOT_OF.get(c.committable()) + ")").toList());
    }

    // ------------------------------------------------------------------ Flink's log, plain values

    static LogTail log;

    /** Flink's log lines since the last call that match `what`, with run-specific values replaced. */
    static List<String> flinkSaid(String what) {
        List<String> out = new ArrayList<>();
        for (String line : log.readNew()) {
            if (line.matches(".*(?:" + what + ").*")) {
                String s = noRunIds(line.substring(line.indexOf(" | ") + 3), work.getPath());
                out.add(s.replaceAll("[0-9a-f]{32}", "<jobid>").replaceAll("@ \\d{6,}", "@ <timestamp>"));
            }
        }
        return out;
    }

    /** Quotes Flink's log lines since the last call that match `what`, each distinct line once. */
    static void quote(String what) {
        for (String s : new java.util.LinkedHashSet<>(flinkSaid(what))) {
            out("     flink: " + s);
        }
    }

    /** The jobs A to E, for the final count of snapshots. */
    static final List<JobID> JOBS = new ArrayList<>();

    static final String TRIGGERING = "CheckpointCoordinator \\| Triggering checkpoint \\d+ \\(type=";
    static final String RESTORING = "CheckpointCoordinator \\| Restoring job ";

    static String restoredId(String name) {
        OptionalLong r = RESTORED.get(name);
        return r != null && r.isPresent() ? String.valueOf(r.getAsLong()) : "none";
    }

    /**
     * Job `name` restored from snapshot `from`: the report's line (step, the committer's restored checkpoint id, what it
     * committed at restore, then `then`), Flink's log lines of the restore, and the SUMMARY line "restore from `summary`:
     * committed at restore: `committed`".
     */
    static void restored(String step, String from, String name, List<Commit> atRestore, String then, String summary,
                         String committed) {
        out(String.format("%s restore from %s: committer's restored checkpoint id %s; committed at restore (initializeState): %s; %s",
                step, from, restoredId(name), list(atRestore), then));
        quote(RESTORING);
        SUMMARY.add("restore from " + summary + ": committed at restore: " + committed);
    }

    /** What happened to the `snapshot`'s pending committables `own`: "the checkpoint's 9 records committed: 9 (9 by ...)". */
    static String carried(String snapshot, List<String> own) {
        return String.format("the %s's %d records committed: %d (%s)", snapshot, records(own), committed(own), byWhom(commitsOf(own)));
    }

    static String status(JobResult r) {
        return r.getJobStatus().map(String::valueOf).orElse("?");
    }

    /** Whether the same committable was committed by an earlier commit. */
    static boolean committedBefore(Commit c) {
        return COMMITS.stream().anyMatch(o -> o.seq() < c.seq() && o.committable().equals(c.committable()));
    }

    // ------------------------------------------------------------------ the observations

    static final List<String> SUMMARY = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        work = new File(args[0]);
        log = new LogTail(System.getProperty("obs.log"));
        cluster = startLab(10, 2, "64m", "64m");
        out("Which snapshots commit a Sink V2 committer's pending committables (MiniCluster, hashmap state backend,");
        out("parallelism 1, one chained task: source -> map -> sink writer -> sink committer).");
        out("A committable holds the records written since the previous snapshot; 'committed at its completion' is");
        out("counted 3 s after the snapshot's trigger future completed.");
        try {
            probe();
            observe();
        } finally {
            cluster.close();
        }
        outSummary(SUMMARY);
        out("DONE");
        printReport();
    }

    /** A job with a 1 h checkpoint interval and no min-pause: does a checkpoint come at its start? */
    static void probe() throws Exception {
        out("");
        out("== Probe: checkpoint interval 1 h, min-pause not set, nothing triggered");
        flinkSaid("");
        JobID p = start(job("P", null, "1 h", false), "P", null);
        Thread.sleep(3000);
        long done = cluster.getExecutionGraphInfo(p).get(30, TimeUnit.SECONDS).getArchivedExecutionGraph()
                .getCheckpointStatsSnapshot().getCounts().getNumberOfCompletedCheckpoints();
        progress("probe: " + done + " checkpoints completed");
        out("checkpoints completed within 4 s of the job's start: " + (done == 0 ? "0" : "1 or more"));
        List<String> said = flinkSaid("Starting checkpoint scheduler|" + TRIGGERING);
        for (String line : new java.util.LinkedHashSet<>(said)) {
            if (!line.contains("Triggering checkpoint") || line.contains("checkpoint 1 ")) {
                out("     flink: " + line);
            }
        }
        cancel(cluster, p);
        out("So every other job here also sets execution.checkpointing.min-pause to its interval (7 d): then only the"
                + " snapshots this program triggers happen (the checkpoint ids below run without gaps).");
        SUMMARY.add("checkpoint interval 1 h without min-pause: checkpoints completed within 4 s of the job's start: "
                + (done == 0 ? "0" : "1 or more"));
    }

    static void observe() throws Exception {
        out("");
        out("== Job A: a fresh job");
        JobID a = start("A", null);
        flinkSaid("");

        // 3: a retained checkpoint, the baseline.
        release(10);
        long c1 = checkpoint(a);
        List<String> own1 = carriedBy("A", c1);
        awaitCommitted(own1, records(own1), 10);
        out(String.format("3  retained checkpoint %d (%s): committed at its completion: %d of %d pending records; committed by: %s",
                c1, kind(a, c1), committed(own1), records(own1), byWhom(commitsOf(own1))));
        quote(TRIGGERING);
        SUMMARY.add(String.format("retained checkpoint: committed at its completion: %d of %d pending records", committed(own1), records(own1)));

        // 1: intermediate savepoints, canonical then native; then the checkpoint after them.
        release(37);
        Object[] sp1 = savepoint(a, SavepointFormatType.CANONICAL);
        long s1 = (Long) sp1[0];
        List<String> own2 = carriedBy("A", s1);
        Thread.sleep(3000);
        long atS1 = committed(own2);
        out(String.format("1  intermediate savepoint %d (%s, canonical): committed at its completion: %d of %d pending records",
                s1, kind(a, s1), atS1, records(own2)));
        quote(TRIGGERING);
        release(5);
        long s2 = (Long) savepoint(a, SavepointFormatType.NATIVE)[0];
        List<String> own3 = carriedBy("A", s2);
        Thread.sleep(3000);
        long atS2 = committed(own3);
        out(String.format("1  intermediate savepoint %d (%s, native): committed at its completion: %d of %d pending records"
                        + " (its own %d: %d; savepoint %d's %d: %d)",
                s2, kind(a, s2), committed(own2) + atS2, records(own2) + records(own3),
                records(own3), atS2, s1, records(own2), committed(own2)));
        quote(TRIGGERING);
        out("1  job A's task so far received notifyCheckpointComplete for " + notified("A") + ", notifyCheckpointAborted for "
                + NOTES.stream().filter(n -> n.what().equals("aborted")).map(Note::checkpointId).toList());
        release(3);
        long c4 = checkpoint(a);
        List<String> own4 = carriedBy("A", c4);
        awaitCommitted(own4, records(own4), 10);
        Thread.sleep(500);
        out(String.format("1  the next checkpoint %d (%s): committed savepoint %d's records: %d of %d (%s); savepoint %d's: %d of %d (%s);"
                        + " its own: %d of %d (%s)",
                c4, kind(a, c4), s1, committed(own2), records(own2), byWhom(commitsOf(own2)),
                s2, committed(own3), records(own3), byWhom(commitsOf(own3)),
                committed(own4), records(own4), byWhom(commitsOf(own4))));
        quote(TRIGGERING);
        SUMMARY.add(String.format("intermediate savepoint (canonical): committed at its completion: %d of %d pending records;"
                + " committed by checkpoint %d after it: %d", atS1, records(own2), c4, committed(own2)));
        SUMMARY.add(String.format("intermediate savepoint (native): committed at its completion: %d of %d pending records;"
                + " committed by checkpoint %d after it: %d", atS2, records(own3), c4, committed(own3)));

        // 2: stop-with-savepoint, canonical, no drain.
        release(20);
        String stopPath = cluster.stopWithSavepoint(a, new File(work, "savepoints").toURI().toString(), false,
                SavepointFormatType.CANONICAL).get(120, TimeUnit.SECONDS);
        long stopDone = System.currentTimeMillis();
        JobResult ra = cluster.requestJobResult(a).get(60, TimeUnit.SECONDS);
        long finished = cluster.getArchivedExecutionGraph(a).get(30, TimeUnit.SECONDS).getStatusTimestamp(JobStatus.FINISHED);
        long s5 = snapshot(a, s -> s.getProperties().isSynchronous(), true).getCheckpointId();
        List<String> own5 = carriedBy("A", s5);
        List<Commit> before = commitsOf(own5).stream().filter(c -> c.time() <= finished).toList();
        long beforeFinished = before.stream().mapToLong(c -> size(c.committable())).sum();
        out(String.format("2  stop-with-savepoint %d (%s, canonical, no drain): job A ended %s; committed before the job reached FINISHED:"
                        + " %d of %d pending records (%s); before stopWithSavepoint's future completed: %d; commits from endInput: %d",
                s5, kind(a, s5), status(ra), beforeFinished, records(own5), byWhom(before),
                commitsOf(own5).stream().filter(c -> c.time() <= stopDone).mapToLong(c -> size(c.committable())).sum(),
                commitsBy("A", "endInput").size()));
        quote(TRIGGERING);
        out("2  job A's task received notifyCheckpointComplete for " + notified("A") + " in all");
        SUMMARY.add(String.format("stop-with-savepoint (canonical, no drain): committed before the job reached FINISHED: %d of %d"
                + " pending records, by notifyCheckpointComplete(%d)", beforeFinished, records(own5), s5));

        // 4a: restore from the stop savepoint.
        out("");
        out("== Job B: restored from job A's stop-with-savepoint " + s5);
        JobID b = start("B", stopPath);
        List<Commit> atB = commitsBy("B", "initializeState");
        boolean twice = !atB.isEmpty() && atB.stream().allMatch(SavepointCommits::committedBefore);
        restored("4a", "stop-with-savepoint " + s5, "B", atB, "each already committed by job A at the stop: "
                        + (atB.isEmpty() ? "-" : twice ? "yes" : "no"), "the stop-with-savepoint",
                atB.stream().mapToLong(c -> size(c.committable())).sum() + " records, already committed by the stopped job: "
                        + (atB.isEmpty() ? "-" : twice ? "all" : "not all"));

        // 4b, set-up: an intermediate savepoint of B, more records, then cancel.
        release(12);
        Object[] spB = savepoint(b, SavepointFormatType.CANONICAL);
        long sb = (Long) spB[0];
        List<String> ownB = carriedBy("B", sb);
        release(6);
        Thread.sleep(2000);
        cancel(cluster, b);
        out(String.format("4b job B: intermediate savepoint %d (%s, canonical) carried %d records, then 6 more were written and B was"
                        + " cancelled; committed by B: %d of the savepoint's %d", sb, kind(b, sb), records(ownB),
                committed(ownB), records(ownB)));

        out("");
        out("== Job C: restored from job B's intermediate savepoint " + sb);
        JobID c = start("C", (String) spB[1]);
        restored("4b", "intermediate savepoint " + sb, "C", commitsBy("C", "initializeState"), carried("savepoint", ownB),
                "an intermediate savepoint (its job cancelled before any commit)",
                committed(ownB) + " of the savepoint's " + records(ownB) + " pending records");

        // 4c (i): a checkpoint whose commit fails in notifyCheckpointComplete; the job fails.
        release(8);
        out(String.format("4b job C's source went on at record %d (B's 6 records after the savepoint, never committed, came again)",
                FIRST.get("C")));
        failCommits = true;
        long cc = checkpoint(c);
        List<String> ownC = carriedBy("C", cc);
        JobResult rc = cluster.requestJobResult(c).get(60, TimeUnit.SECONDS);
        failCommits = false;
        String chkC = snapshot(c, s -> s.getCheckpointId() == cc, false).getExternalPath();
        out(String.format("4c job C: checkpoint %d (%s) completed with %d pending records; its commit threw in notifyCheckpointComplete;"
                        + " job C ended %s; committed by C: %d", cc, kind(c, cc), records(ownC), status(rc), committed(ownC)));
        rc.getSerializedThrowable().ifPresent(t -> {
            for (String line : chain(t.deserializeError(ClassLoader.getSystemClassLoader()), s -> noRunIds(s, work.getPath()))) {
                out("     " + line);
            }
        });

        out("");
        out("== Job D: restored from job C's retained checkpoint " + cc);
        flinkSaid("");
        JobID d = start("D", chkC);
        restored("4c", "retained checkpoint " + cc + " whose commit failed", "D", commitsBy("D", "initializeState"),
                carried("checkpoint", ownC), "a retained checkpoint whose commit failed (job FAILED)",
                committed(ownC) + " of " + records(ownC) + " pending records");

        // 4c (ii): a checkpoint whose commit is held in notifyCheckpointComplete until D is cancelled.
        release(9);
        holdCommits = true;
        long cd = checkpoint(d);
        List<String> ownD = carriedBy("D", cd);
        if (!waitFor(() -> holding, 30, 10)) {
            throw new IllegalStateException("the committer was not called after checkpoint " + cd);
        }
        CompletableFuture<?> cancelling = cluster.cancelJob(d);
        waitFor(() -> cluster.getJobStatus(d).get() != JobStatus.RUNNING, 30, 10);
        abortHeld = true;
        cancelling.get(60, TimeUnit.SECONDS);
        JobResult rd = cluster.requestJobResult(d).get(60, TimeUnit.SECONDS);
        holdCommits = false;
        String chkD = snapshot(d, s -> s.getCheckpointId() == cd, false).getExternalPath();
        out(String.format("4c job D: checkpoint %d (%s) completed with %d pending records; D was cancelled while its committer waited"
                        + " in notifyCheckpointComplete (then it threw, committing nothing); job D ended %s; committed by D: %d",
                cd, kind(d, cd), records(ownD), status(rd), committed(ownD)));

        out("");
        out("== Job E: restored from job D's retained checkpoint " + cd);
        flinkSaid("");
        start("E", chkD);
        restored("4c", "retained checkpoint " + cd + " whose commit never ran", "E", commitsBy("E", "initializeState"),
                carried("checkpoint", ownD), "a retained checkpoint whose commit never ran (job cancelled in notifyCheckpointComplete)",
                committed(ownD) + " of " + records(ownD) + " pending records");
        SUMMARY.add("not observed: a cancel that lands between a checkpoint's completion and its notification (a race; held"
                + " and failed commits stand in for it)");

        // Only the snapshots this program triggered happened in jobs A to E.
        long flinkTriggered = 0;
        long programTriggered = 0;
        for (String line : new LogTail(System.getProperty("obs.log")).readNew()) {
            for (JobID j : JOBS) {
                if (line.contains(j.toHexString())) {
                    flinkTriggered += line.matches(".*" + TRIGGERING + ".*") ? 1 : 0;
                    programTriggered += line.matches(".*JobMaster \\| Triggering (a manual checkpoint|savepoint|stop-with-savepoint) for job .*") ? 1 : 0;
                }
            }
        }
        out("");
        out(String.format("Jobs A to E: the CheckpointCoordinator logged 'Triggering checkpoint' %d times, the JobMaster logged %d"
                + " triggers of this program ('Triggering a manual checkpoint', 'Triggering savepoint', 'Triggering stop-with-savepoint')",
                flinkTriggered, programTriggered));
        out("");
        out("== Every commit, in order (committable, the snapshot that carried it, how it was called)");
        for (Commit x : COMMITS) {
            out(String.format("   %-9s carried by snapshot %d, committed by %s", x.committable(), SNAPSHOT_OF.get(x.committable()), how(x)));
        }
    }
}

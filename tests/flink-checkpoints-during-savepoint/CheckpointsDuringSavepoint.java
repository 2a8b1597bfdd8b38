/*
 * CheckpointsDuringSavepoint: do periodic checkpoints go on while a savepoint of the running job
 * is taken? The planner's outage counts how long transactional sinks commit nothing: a sink
 * commits when a checkpoint completes (the operator is notified), and a running job's savepoint
 * commits nothing (tests/flink-savepoint-commits). If no checkpoint is triggered while the
 * savepoint is pending, nothing is committed for as long as it takes.
 *
 * Each run: a job (heap backend, parallelism 1) counting 10 keys, checkpoints every 200 ms. Its
 * count state's serializer sleeps 300 ms a value, so every snapshot's asynchronous part (where a
 * heap snapshot is written) lasts about 3 s while the task goes on processing. Once two
 * checkpoints have completed, a canonical savepoint is triggered (the job keeps running); the
 * checkpoint statistics are polled every 50 ms throughout, and the operator records each
 * checkpoint-complete notification. Runs with execution.checkpointing.max-concurrent-checkpoints
 * not set (Flink's default, 1) and set to 2.
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.runtime.checkpoint.AbstractCheckpointStats;
import org.apache.flink.runtime.checkpoint.CheckpointStatsStatus;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

public class CheckpointsDuringSavepoint extends FlinkLab {

    public static void main(String[] args) throws Exception {
        MiniCluster cluster = startLab(5, 2, "64m", "256m");
        out("Whether periodic checkpoints go on while a savepoint of the running job is taken.");
        out("Every snapshot's asynchronous part lasts about 3 s (10 values, a serializer that sleeps 300 ms each); checkpoints every 200 ms.");
        List<String> summary = new ArrayList<>();
        try (cluster) {
            for (String concurrent : new String[] {null, "2"}) {
                summary.add(run(cluster, new File(args[0]), concurrent));
            }
        }
        outSummary(summary);
        out("DONE");
        printReport();
    }

    /** A Long serializer whose serialize() sleeps: a snapshot's asynchronous part is slow. */
    public static final class SlowLongSerializer extends TypeSerializerSingleton<Long> {
        static final long SLEEP_MS = 300;

        @Override public boolean isImmutableType() { return true; }
        @Override public Long createInstance() { return 0L; }
        @Override public Long copy(Long from) { return from; }
        @Override public Long copy(Long from, Long reuse) { return from; }
        @Override public int getLength() { return 8; }

        @Override
        public void serialize(Long record, DataOutputView target) throws IOException {
            try {
                Thread.sleep(SLEEP_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while serializing", e);
            }
            LongSerializer.INSTANCE.serialize(record, target);
        }

        @Override public Long deserialize(DataInputView source) throws IOException { return source.readLong(); }
        @Override public Long deserialize(Long reuse, DataInputView source) throws IOException { return source.readLong(); }
        @Override public void copy(DataInputView source, DataOutputView target) throws IOException { target.writeLong(source.readLong()); }

        @Override
        public TypeSerializerSnapshot<Long> snapshotConfiguration() {
            return new SlowSnapshot();
        }

        public static final class SlowSnapshot extends SimpleTypeSerializerSnapshot<Long> {
            public SlowSnapshot() {
                super(SlowLongSerializer::new);
            }
        }
    }

    /** The counting operator, its count kept with the slow serializer; records each notification. */
    public static class SlowCount extends CountPerKey implements CheckpointListener {
        /** Checkpoint id → when the operator was told it completed (ms since the epoch). */
        static final Map<Long, Long> NOTIFIED = new ConcurrentHashMap<>();
        private transient ValueState<Long> slow;

        @Override
        protected void openCount() {
            slow = getRuntimeContext().getState(new ValueStateDescriptor<>("count", new SlowLongSerializer()));
        }

        @Override
        protected Long readCount() throws Exception {
            return slow.value();
        }

        @Override
        protected void writeCount(long n) throws Exception {
            slow.update(n);
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            NOTIFIED.put(checkpointId, System.currentTimeMillis());
        }
    }

    /** One snapshot as the statistics showed it, last seen. */
    record Seen(long id, boolean savepoint, long triggered, long ended, CheckpointStatsStatus status) {}

    static void poll(MiniCluster cluster, JobID id, Map<Long, Seen> seen) throws Exception {
        for (AbstractCheckpointStats s : cluster.getExecutionGraphInfo(id).get().getArchivedExecutionGraph()
                .getCheckpointStatsSnapshot().getHistory().getCheckpoints()) {
            long ended = s.getStatus() == CheckpointStatsStatus.IN_PROGRESS ? -1 : s.getLatestAckTimestamp();
            seen.put(s.getCheckpointId(), new Seen(s.getCheckpointId(), s.getProperties().isSavepoint(),
                    s.getTriggerTimestamp(), ended, s.getStatus()));
        }
    }

    static String run(MiniCluster cluster, File work, String concurrent) throws Exception {
        String label = "max-concurrent-checkpoints " + (concurrent == null ? "not set (the default, 1)" : concurrent);
        progress(label);
        SlowCount.NOTIFIED.clear();
        File dir = freshDir(new File(work, "run-" + (concurrent == null ? "default" : concurrent)));
        Map<String, String> m = jobConfig("none", "hashmap", null, false);
        m.put("execution.checkpointing.interval", "200 ms");
        m.put("execution.checkpointing.dir", new File(dir, "checkpoints").toURI().toString());
        if (concurrent != null) {
            m.put("execution.checkpointing.max-concurrent-checkpoints", concurrent);
        }
        JobGraph graph = keyedGeneratorJob(label, m, 200, new SlowCount(), "count");
        JobID id = cluster.submitJob(graph).get(60, TimeUnit.SECONDS).getJobID();
        Map<Long, Seen> seen = new TreeMap<>();
        if (!waitFor(() -> {
            poll(cluster, id, seen);
            return seen.values().stream().filter(s -> s.status() == CheckpointStatsStatus.COMPLETED).count() >= 2;
        }, 60, 50)) {
            throw new IllegalStateException(label + ": no two checkpoints completed");
        }
        CompletableFuture<String> savepoint = cluster.triggerSavepoint(id,
                new File(dir, "savepoints").toURI().toString(), false, SavepointFormatType.CANONICAL);
        while (!savepoint.isDone()) {
            poll(cluster, id, seen);
            Thread.sleep(50);
        }
        savepoint.get();
        // A while longer: the checkpoints after the savepoint.
        long until = System.currentTimeMillis() + 8000;
        while (System.currentTimeMillis() < until) {
            poll(cluster, id, seen);
            Thread.sleep(50);
        }
        cancel(cluster, id);

        Seen sp = seen.values().stream().filter(Seen::savepoint).findFirst()
                .orElseThrow(() -> new IllegalStateException(label + ": the savepoint is not in the statistics"));
        List<Seen> checkpoints = seen.values().stream().filter(s -> !s.savepoint() && s.ended() > 0).toList();
        long inFlight = checkpoints.stream().filter(c -> c.triggered() < sp.triggered() && c.ended() > sp.triggered()).count();
        long inFlightEndedDuring = checkpoints.stream()
                .filter(c -> c.triggered() < sp.triggered() && c.ended() > sp.triggered() && c.ended() < sp.ended()).count();
        long triggeredDuring = checkpoints.stream().filter(c -> c.triggered() > sp.triggered() && c.triggered() < sp.ended()).count();
        long completedDuring = checkpoints.stream().filter(c -> c.status() == CheckpointStatsStatus.COMPLETED
                && c.ended() > sp.triggered() && c.ended() < sp.ended()).count();
        long notifiedDuring = SlowCount.NOTIFIED.entrySet().stream()
                .filter(e -> e.getKey() != sp.id() && e.getValue() > sp.triggered() && e.getValue() < sp.ended()).count();
        boolean savepointNotified = SlowCount.NOTIFIED.containsKey(sp.id());
        long nextAfter = checkpoints.stream().filter(c -> c.triggered() >= sp.ended()).count();
        out(String.format("%s:", label));
        out("  the savepoint completed, the job RUNNING throughout");
        out(String.format("  checkpoints in flight when it was triggered: %s", inFlight == 0 ? "none"
                : inFlight == inFlightEndedDuring ? "some, each completed before it" : "some, not all completed before it"));
        out(String.format("  checkpoints triggered while it was pending: %s", triggeredDuring == 0 ? "none" : "some"));
        out(String.format("  completions the operator was told of while it was pending: %s (checkpoints completed then: %s)",
                notifiedDuring == 0 ? "none" : "some", completedDuring == 0 ? "none" : "some"));
        out(String.format("  the operator told the savepoint completed: %s", savepointNotified ? "yes" : "no"));
        out(String.format("  checkpoints triggered after it completed, in the next 8 s: %s", nextAfter > 0 ? "yes" : "none"));
        // The same, without timings: what the summary keeps.
        return String.format("%s: %s checkpoint triggered while the savepoint was pending; %s", label,
                triggeredDuring == 0 ? "no" : "a", nextAfter > 0 ? "checkpoints resumed after it" : "none after it");
    }
}

/*
 * SavepointFixtures: runs real Flink (a local MiniCluster in this JVM) to write checkpoint and
 * savepoint `_metadata` files, then loads each file with Flink's own
 * Checkpoints.loadCheckpointMetadata and writes what Flink reports beside it as JSON
 * (flink-report.json). It also writes operator-ids.json: uid -> operator id as Flink derives it.
 *
 * One source file for every release from 1.15 to 2.3: APIs that differ between releases are
 * reached by reflection (operator name/uid, checkpoint properties, incremental handle lists),
 * configuration is set under both the old and the new key, and functions avoid open(...)
 * (whose signature changed in 2.0) by creating their state lazily.
 *
 * Job (every case):
 *   numbers: NumberSequenceSource (uid numbers-source, parallelism 2; split list state
 *            "SourceReaderState", coordinator state) -> throttle map (uid throttle)
 *   -> keyBy(String key, a few hot keys plus a tail)
 *   -> counter: KeyedProcessFunction (uid counter) with ValueState<Long> "count" and
 *            ValueState<String> "last" (long values for the hot keys: skewed state bytes)
 *   rules:   NumberSequenceSource 0..9 (uid rules-source, parallelism 1, bounded: it finishes)
 *   counter output connect rules.broadcast -> broadcast-join (uid broadcast-join, broadcast
 *            state "rules") -> union-tracker map (uid union-tracker, union list state
 *            "seen-union") -> filter (no uid) -> print sink (no uid)
 *
 * Usage: java -cp <flink-dist jar>:<classes> SavepointFixtures <outDir> <workDir> [case ...]
 *        java -cp ... SavepointFixtures --report-only <fixturesOfOneRelease>   (reports only)
 */

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.FilterFunction;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.BroadcastState;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.runtime.state.KeyGroupRange;
import org.apache.flink.runtime.state.KeyGroupsStateHandle;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.runtime.state.OperatorStateHandle;
import org.apache.flink.runtime.state.StateObject;
import org.apache.flink.runtime.state.StreamStateHandle;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.datastream.BroadcastStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamGraphHasherV2;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.util.Collector;

import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

public class SavepointFixtures {

    static final AtomicLong COUNTED = new AtomicLong();

    /** A case: which backend, which snapshot, which max parallelism. */
    static final class Case {
        final String name;
        final String backend; // hashmap | rocksdb
        final String snapshot; // canonical | native | checkpoint
        final boolean incremental;
        final boolean fileMerging;
        final int parallelism;
        final int maxParallelism; // -1 = unset (Flink derives it)
        final String inlineThreshold;

        Case(String name, String backend, String snapshot, boolean incremental, boolean fileMerging,
                int parallelism, int maxParallelism, String inlineThreshold) {
            this.name = name;
            this.backend = backend;
            this.snapshot = snapshot;
            this.incremental = incremental;
            this.fileMerging = fileMerging;
            this.parallelism = parallelism;
            this.maxParallelism = maxParallelism;
            this.inlineThreshold = inlineThreshold;
        }
    }

    static List<Case> allCases() {
        List<Case> cases = new ArrayList<>();
        // Heap state stays inline (default threshold); RocksDB files are pushed out of the
        // metadata with a 1 KB threshold so that _metadata stays small (the data files are dropped).
        cases.add(new Case("hashmap-canonical-savepoint", "hashmap", "canonical", false, false, 4, 128, null));
        cases.add(new Case("hashmap-native-savepoint", "hashmap", "native", false, false, 4, 128, null));
        cases.add(new Case("hashmap-checkpoint", "hashmap", "checkpoint", false, false, 4, 128, null));
        cases.add(new Case("hashmap-derived-maxp-savepoint", "hashmap", "canonical", false, false, 3, -1, null));
        cases.add(new Case("rocksdb-canonical-savepoint", "rocksdb", "canonical", false, false, 4, 128, "1kb"));
        cases.add(new Case("rocksdb-native-savepoint", "rocksdb", "native", false, false, 4, 128, "1kb"));
        cases.add(new Case("rocksdb-incremental-checkpoint", "rocksdb", "checkpoint", true, false, 4, 128, "1kb"));
        cases.add(new Case("rocksdb-file-merging-checkpoint", "rocksdb", "checkpoint", true, true, 4, 128, "1kb"));
        return cases;
    }

    // ---------------------------------------------------------------- job functions

    /** Throttles the source (about 1,000 records per second per subtask) and makes String keys. */
    public static class Throttle implements MapFunction<Long, String> {
        @Override
        public String map(Long n) throws Exception {
            Thread.sleep(1);
            long r = n % 100;
            if (r < 45) {
                return "hot-" + (r % 3); // 45 %: three hot keys
            } else if (r < 50) {
                return "ключ-" + (r % 2); // non-ASCII keys
            }
            return "key-" + (n % 97); // the tail
        }
    }

    public static class ByKey implements KeySelector<String, String> {
        @Override
        public String getKey(String s) {
            return s;
        }
    }

    /** Keyed state: a count and a last value (long for hot keys, so state bytes are skewed). */
    public static class Counter extends KeyedProcessFunction<String, String, String> {
        private transient ValueState<Long> count;
        private transient ValueState<String> last;

        @Override
        public void processElement(String key, Context ctx, Collector<String> out) throws Exception {
            if (count == null) {
                count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
                last = getRuntimeContext().getState(new ValueStateDescriptor<>("last", Types.STRING));
            }
            Long c = count.value();
            long next = c == null ? 1 : c + 1;
            count.update(next);
            StringBuilder sb = new StringBuilder();
            int len = key.startsWith("hot-") ? 300 : 8;
            while (sb.length() < len) {
                sb.append(key).append(':').append(next).append(' ');
            }
            last.update(sb.substring(0, len));
            COUNTED.incrementAndGet();
            out.collect(key);
        }
    }

    static final MapStateDescriptor<String, String> RULES =
            new MapStateDescriptor<>("rules", Types.STRING, Types.STRING);

    /** Broadcast state: the rules seen so far. */
    public static class Join extends BroadcastProcessFunction<String, Long, String> {
        @Override
        public void processElement(String value, ReadOnlyContext ctx, Collector<String> out) throws Exception {
            ReadOnlyBroadcastState<String, String> rules = ctx.getBroadcastState(RULES);
            out.collect(rules.contains("rule-0") ? value : value + "?");
        }

        @Override
        public void processBroadcastElement(Long rule, Context ctx, Collector<String> out) throws Exception {
            BroadcastState<String, String> rules = ctx.getBroadcastState(RULES);
            rules.put("rule-" + (rule % 5), "threshold=" + rule);
        }
    }

    /** Union list state: each subtask's count of records, restored to every subtask. */
    public static class UnionTracker extends RichMapFunction<String, String> implements CheckpointedFunction {
        private transient ListState<Long> seen;
        private long local;

        @Override
        public String map(String value) {
            local++;
            return value;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws Exception {
            seen.clear();
            seen.add(local);
        }

        @Override
        public void initializeState(FunctionInitializationContext context) throws Exception {
            seen = context.getOperatorStateStore()
                    .getUnionListState(new ListStateDescriptor<>("seen-union", Types.LONG));
        }
    }

    public static class ToText implements MapFunction<Long, String> {
        @Override
        public String map(Long n) {
            return Long.toString(n);
        }
    }

    public static class DropAll implements FilterFunction<String> {
        @Override
        public boolean filter(String value) {
            return false;
        }
    }

    // ---------------------------------------------------------------- running a case

    static Configuration configuration(Case c, Path work) {
        Configuration conf = new Configuration();
        String checkpoints = work.resolve("checkpoints").toUri().toString();
        String savepoints = work.resolve("savepoints").toUri().toString();
        setBoth(conf, "state.backend.type", "state.backend", c.backend);
        setBoth(conf, "execution.checkpointing.incremental", "state.backend.incremental", String.valueOf(c.incremental));
        setBoth(conf, "execution.checkpointing.dir", "state.checkpoints.dir", checkpoints);
        setBoth(conf, "execution.checkpointing.savepoint-dir", "state.savepoints.dir", savepoints);
        if (c.inlineThreshold != null) {
            setBoth(conf, "execution.checkpointing.data-inline-threshold", "state.storage.fs.memory-threshold", c.inlineThreshold);
        }
        conf.setString("execution.checkpointing.interval", "400 ms");
        conf.setString("execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION");
        conf.setString("execution.checkpointing.checkpoints-after-tasks-finish.enabled", "true");
        conf.setString("execution.checkpointing.file-merging.enabled", String.valueOf(c.fileMerging));
        conf.setString("state.checkpoints.num-retained", "1");
        conf.setString("execution.checkpointing.num-retained", "1");
        setBoth(conf, "restart-strategy.type", "restart-strategy", "none");
        conf.setString("rest.port", "0");
        conf.setString("taskmanager.memory.network.min", "64mb");
        conf.setString("taskmanager.memory.network.max", "64mb");
        return conf;
    }

    static void setBoth(Configuration conf, String newKey, String oldKey, String value) {
        conf.setString(newKey, value);
        conf.setString(oldKey, value);
    }

    static StreamExecutionEnvironment buildJob(Case c, Configuration conf) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(c.parallelism, conf);
        if (c.maxParallelism > 0) {
            env.setMaxParallelism(c.maxParallelism);
        }
        DataStream<String> keys = env
                .fromSource(new NumberSequenceSource(0, Long.MAX_VALUE), WatermarkStrategy.noWatermarks(), "numbers")
                .uid("numbers-source").name("Numbers source").setParallelism(2)
                .map(new Throttle()).uid("throttle").name("Throttle").setParallelism(2);
        DataStream<String> counted = keys.keyBy(new ByKey())
                .process(new Counter()).uid("counter").name("Count per key");
        BroadcastStream<Long> rules = env
                .fromSource(new NumberSequenceSource(0, 9), WatermarkStrategy.noWatermarks(), "rules")
                .uid("rules-source").name("Rules source").setParallelism(1)
                .broadcast(RULES);
        counted.connect(rules).process(new Join()).uid("broadcast-join").name("Join rules")
                .map(new UnionTracker()).uid("union-tracker").name("Union tracker")
                .filter(new DropAll())
                .print();
        return env;
    }

    /** Runs one case and returns the directory that holds the written _metadata. */
    static Path runCase(Case c, Path work) throws Exception {
        COUNTED.set(0);
        Configuration conf = configuration(c, work);
        StreamExecutionEnvironment env = buildJob(c, conf);
        JobClient client = env.executeAsync("fixture " + c.name);
        try {
            waitFor(() -> COUNTED.get() >= 3000 || failed(client), 120, "3000 keyed records");
            if (failed(client)) {
                throw new IllegalStateException("the job ended early: " + client.getJobStatus().get());
            }
            if (c.snapshot.equals("checkpoint")) {
                Path chkRoot = work.resolve("checkpoints").resolve(client.getJobID().toString());
                // at least three completed checkpoints, so the incremental one shares files
                waitFor(() -> latestCheckpoint(chkRoot) >= 3, 120, "three completed checkpoints");
                client.cancel().get(60, TimeUnit.SECONDS);
                waitForTermination(client);
                long n = latestCheckpoint(chkRoot);
                return chkRoot.resolve("chk-" + n);
            }
            SavepointFormatType type = c.snapshot.equals("native") ? SavepointFormatType.NATIVE : SavepointFormatType.CANONICAL;
            String path = client.stopWithSavepoint(false, work.resolve("savepoints").toUri().toString(), type)
                    .get(120, TimeUnit.SECONDS);
            waitForTermination(client);
            return Paths.get(java.net.URI.create(path.startsWith("file:") ? path : "file://" + path));
        } catch (Exception e) {
            try {
                client.cancel().get(30, TimeUnit.SECONDS);
            } catch (Exception ignored) {
                // already gone
            }
            throw e;
        }
    }

    static boolean failed(JobClient client) throws Exception {
        return client.getJobStatus().get(10, TimeUnit.SECONDS).isGloballyTerminalState();
    }

    static void waitForTermination(JobClient client) throws Exception {
        waitFor(() -> {
            try {
                return client.getJobStatus().get(10, TimeUnit.SECONDS).isGloballyTerminalState();
            } catch (Exception e) {
                return true; // the cluster is gone: the job is over
            }
        }, 120, "job termination");
    }

    interface Check {
        boolean ok() throws Exception;
    }

    static void waitFor(Check check, int seconds, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!check.ok()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out waiting for " + what);
            }
            Thread.sleep(100);
        }
    }

    /** Highest n with a complete chk-n/_metadata under root (0 if none). */
    static long latestCheckpoint(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(p -> p.getFileName().toString().startsWith("chk-"))
                    .filter(p -> Files.exists(p.resolve("_metadata")))
                    .mapToLong(p -> Long.parseLong(p.getFileName().toString().substring(4)))
                    .max().orElse(0);
        }
    }

    // ---------------------------------------------------------------- Flink's report

    static String report(Path dir, String caseName) throws Exception {
        Path file = dir.resolve("_metadata");
        byte[] bytes = Files.readAllBytes(file);
        int version = ((bytes[4] & 0xff) << 24) | ((bytes[5] & 0xff) << 16) | ((bytes[6] & 0xff) << 8) | (bytes[7] & 0xff);
        CheckpointMetadata md;
        try (InputStream in = Files.newInputStream(file); DataInputStream dis = new DataInputStream(in)) {
            md = Checkpoints.loadCheckpointMetadata(dis, SavepointFixtures.class.getClassLoader(), dir.toUri().toString());
        }
        Json j = new Json();
        j.open('{');
        j.field("flink_version").str(EnvironmentInformation.getVersion());
        j.field("case").str(caseName);
        j.field("file_bytes").num(bytes.length);
        j.field("version").num(version);
        j.field("checkpoint_id").num(md.getCheckpointId());
        Object props = call(md, "getCheckpointProperties");
        String kind = "unknown";
        String format = "unknown";
        String typeName = null;
        if (props != null) {
            Object type = call(props, "getCheckpointType");
            typeName = (String) call(type, "getName");
            boolean savepoint = (Boolean) call(type, "isSavepoint");
            kind = savepoint ? "savepoint" : "checkpoint";
            Object ft = savepoint ? call(type, "getFormatType") : null;
            if (ft != null) {
                format = ft.toString().toLowerCase();
            }
        }
        j.field("kind").str(kind);
        j.field("format").str(format);
        j.field("snapshot_type").str(typeName);
        j.field("master_states").num(md.getMasterStates().size());
        j.field("operators").open('[');
        for (OperatorState op : md.getOperatorStates()) {
            j.open('{');
            j.field("operator_id").str(op.getOperatorID().toString());
            j.field("name").str(optional(call(op, "getOperatorName")));
            j.field("uid").str(optional(call(op, "getOperatorUid")));
            j.field("parallelism").num(op.getParallelism());
            j.field("max_parallelism").num(op.getMaxParallelism());
            j.field("fully_finished").bool(op.isFullyFinished());
            StreamStateHandle coord = op.getCoordinatorState();
            j.field("coordinator_state_bytes");
            if (coord == null) {
                j.nul();
            } else {
                j.num(coord.getStateSize());
            }
            j.field("state_bytes").num(op.getStateSize());
            j.field("subtasks").open('[');
            Map<Integer, OperatorSubtaskState> subtasks = new TreeMap<>(op.getSubtaskStates());
            for (Map.Entry<Integer, OperatorSubtaskState> e : subtasks.entrySet()) {
                subtask(j, e.getKey(), e.getValue());
            }
            j.close(']');
            j.close('}');
        }
        j.close(']');
        j.close('}');
        return j.toString();
    }

    static void subtask(Json j, int index, OperatorSubtaskState s) throws Exception {
        j.open('{');
        j.field("index").num(index);
        j.field("finished").bool(s.isFinished());
        KeyedStateHandle managed = single(s.getManagedKeyedState());
        KeyedStateHandle raw = single(s.getRawKeyedState());
        KeyGroupRange range = managed != null ? managed.getKeyGroupRange() : raw != null ? raw.getKeyGroupRange() : null;
        j.field("key_groups");
        if (range == null) {
            j.nul();
        } else {
            j.open('[').num(range.getStartKeyGroup()).num(range.getEndKeyGroup()).close(']');
        }
        long keyedBytes = (managed == null ? 0 : managed.getStateSize()) + (raw == null ? 0 : raw.getStateSize());
        j.field("keyed_state_bytes").num(keyedBytes);
        j.field("managed_keyed_state");
        keyed(j, managed);
        j.field("raw_keyed_state");
        keyed(j, raw);
        j.field("operator_state").open('[');
        OperatorStateHandle mop = single(s.getManagedOperatorState());
        operatorStates(j, mop);
        j.close(']');
        j.field("operator_state_bytes").num(mop == null ? 0 : mop.getStateSize());
        j.field("operator_state_stream");
        stream(j, mop == null ? null : mop.getDelegateStateHandle());
        OperatorStateHandle rop = single(s.getRawOperatorState());
        j.field("raw_operator_state").open('[');
        operatorStates(j, rop);
        j.close(']');
        j.field("input_channel_handles").num(s.getInputChannelState().size());
        j.field("result_subpartition_handles").num(s.getResultSubpartitionState().size());
        j.close('}');
    }

    static void operatorStates(Json j, OperatorStateHandle h) {
        if (h == null) {
            return;
        }
        Map<String, OperatorStateHandle.StateMetaInfo> m = new TreeMap<>(h.getStateNameToPartitionOffsets());
        for (Map.Entry<String, OperatorStateHandle.StateMetaInfo> e : m.entrySet()) {
            j.open('{');
            j.field("name").str(e.getKey());
            String mode;
            switch (e.getValue().getDistributionMode()) {
                case SPLIT_DISTRIBUTE:
                    mode = "split";
                    break;
                case UNION:
                    mode = "union";
                    break;
                default:
                    mode = "broadcast";
            }
            j.field("mode").str(mode);
            j.field("partitions").num(e.getValue().getOffsets().length);
            j.field("offsets").open('[');
            for (long o : e.getValue().getOffsets()) {
                j.num(o);
            }
            j.close(']');
            j.close('}');
        }
    }

    static void keyed(Json j, KeyedStateHandle h) throws Exception {
        if (!openHandle(j, h, "state_bytes")) {
            return;
        }
        j.field("checkpointed_bytes").num(h.getCheckpointedSize());
        if (h instanceof KeyGroupsStateHandle) {
            KeyGroupsStateHandle k = (KeyGroupsStateHandle) h;
            j.field("offsets").open('[');
            for (int kg : k.getKeyGroupRange()) {
                j.num(k.getOffsetForKeyGroup(kg));
            }
            j.close(']');
            j.field("stream");
            stream(j, k.getDelegateStateHandle());
        }
        Object shared = call(h, "getSharedState");
        if (shared != null) {
            j.field("checkpoint_id").num((Long) call(h, "getCheckpointId"));
            j.field("shared_files").num(size(shared));
            j.field("private_files").num(size(call(h, "getPrivateState")));
            // renamed from getMetaStateHandle to getMetaDataStateHandle in 1.18
            Object meta = call(h, "getMetaStateHandle");
            if (meta == null) {
                meta = call(h, "getMetaDataStateHandle");
            }
            j.field("metadata_stream");
            stream(j, (StreamStateHandle) meta);
        }
        j.close('}');
    }

    static void stream(Json j, StreamStateHandle h) {
        if (openHandle(j, h, "bytes")) {
            j.close('}');
        }
    }

    /**
     * A state handle's JSON: null when there is none (false: nothing more to write); otherwise an
     * object opened with the handle's class and its size under `sizeField` (true: the caller writes
     * the rest and closes it). StateObject.getStateSize is there in every release from 1.15 on.
     */
    static boolean openHandle(Json j, StateObject h, String sizeField) {
        if (h == null) {
            j.nul();
            return false;
        }
        j.open('{');
        j.field("class").str(h.getClass().getSimpleName());
        j.field(sizeField).num(h.getStateSize());
        return true;
    }

    static int size(Object o) {
        return o instanceof Map ? ((Map<?, ?>) o).size() : ((Collection<?>) o).size();
    }

    static <T> T single(Collection<T> c) {
        if (c == null || c.isEmpty()) {
            return null;
        }
        if (c.size() != 1) {
            throw new IllegalStateException("more than one handle: " + c.size());
        }
        return c.iterator().next();
    }

    static Object call(Object target, String method) throws Exception {
        if (target == null) {
            return null;
        }
        Method m;
        try {
            m = target.getClass().getMethod(method);
        } catch (NoSuchMethodException e) {
            return null;
        }
        m.setAccessible(true);
        return m.invoke(target);
    }

    static String optional(Object o) {
        if (o instanceof java.util.Optional) {
            return (String) ((java.util.Optional<?>) o).orElse(null);
        }
        return (String) o;
    }

    // ---------------------------------------------------------------- operator ids

    static final String[] UIDS = {
        "", "a", "counter", "numbers-source", "rules-source", "broadcast-join", "union-tracker",
        "throttle", "my operator uid", "ünïcödé", "ключ", "鍵", "🦀", "emoji 🎉 mixed 🦀🦀",
        "nul\u0000inside", "quote\"back\\slash",
        "long-" + "0123456789".repeat(30),
    };

    static String operatorIds() throws Exception {
        Json j = new Json();
        j.open('[');
        for (String uid : UIDS) {
            byte[] viaGuava = guavaHash(uid);
            String viaGraph = null;
            String graphError = null;
            try {
                viaGraph = graphHash(uid);
            } catch (Exception e) {
                graphError = e.getClass().getSimpleName() + ": " + e.getMessage();
            }
            String guavaId = new OperatorID(viaGuava).toString();
            if (viaGraph != null && !viaGraph.equals(guavaId)) {
                throw new IllegalStateException("hashers disagree on " + uid + ": " + viaGraph + " vs " + guavaId);
            }
            j.open('{');
            j.field("uid").str(uid);
            j.field("operator_id").str(guavaId);
            j.field("via").str(viaGraph != null ? "StreamGraphHasherV2 and murmur3_128" : "murmur3_128 (the stream graph refused the uid)");
            j.field("graph_error").str(graphError);
            j.close('}');
        }
        j.close(']');
        return j.toString();
    }

    /** The hash the stream graph hasher gives a source whose uid is `uid`, as an OperatorID. */
    static String graphHash(String uid) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.fromSequence(0, 1).uid(uid).map(new ToText()).filter(new DropAll()).print();
        StreamGraph graph = env.getStreamGraph();
        Map<Integer, byte[]> hashes = new StreamGraphHasherV2().traverseStreamGraphAndGenerateHashes(graph);
        for (StreamNode node : graph.getStreamNodes()) {
            if (uid.equals(node.getTransformationUID())) {
                return new OperatorID(hashes.get(node.getId())).toString();
            }
        }
        throw new IllegalStateException("no node with uid " + uid);
    }

    /** Guava's murmur3_128(0) over the UTF-8 bytes, from the Guava shaded into flink-dist. */
    static byte[] guavaHash(String uid) throws Exception {
        for (String v : new String[] {"33", "32", "31", "30", "18"}) {
            Class<?> hashing;
            try {
                hashing = Class.forName("org.apache.flink.shaded.guava" + v + ".com.google.common.hash.Hashing");
            } catch (ClassNotFoundException e) {
                continue;
            }
            String pkg = "org.apache.flink.shaded.guava" + v + ".com.google.common.hash.";
            Object fn = hashing.getMethod("murmur3_128", int.class).invoke(null, 0);
            Object hasher = Class.forName(pkg + "HashFunction").getMethod("newHasher").invoke(fn);
            Class<?> hasherType = Class.forName(pkg + "Hasher");
            hasherType.getMethod("putString", CharSequence.class, java.nio.charset.Charset.class)
                    .invoke(hasher, uid, StandardCharsets.UTF_8);
            Object code = hasherType.getMethod("hash").invoke(hasher);
            return (byte[]) Class.forName(pkg + "HashCode").getMethod("asBytes").invoke(code);
        }
        throw new IllegalStateException("no shaded Guava in flink-dist");
    }

    // ---------------------------------------------------------------- JSON writer

    /** A minimal JSON writer: commas, escapes, and a trailing newline. */
    static final class Json {
        private final StringBuilder sb = new StringBuilder();
        private final List<Boolean> first = new ArrayList<>();
        private boolean afterKey;

        Json open(char c) {
            value();
            sb.append(c);
            first.add(true);
            return this;
        }

        Json close(char c) {
            first.remove(first.size() - 1);
            sb.append(c);
            return this;
        }

        Json field(String name) {
            value();
            quote(name);
            sb.append(':');
            afterKey = true;
            return this;
        }

        Json str(String s) {
            value();
            if (s == null) {
                sb.append("null");
            } else {
                quote(s);
            }
            return this;
        }

        Json num(long n) {
            value();
            sb.append(n);
            return this;
        }

        Json bool(boolean b) {
            value();
            sb.append(b);
            return this;
        }

        Json nul() {
            value();
            sb.append("null");
            return this;
        }

        private void value() {
            if (afterKey) {
                afterKey = false;
                return;
            }
            if (!first.isEmpty()) {
                int last = first.size() - 1;
                if (!first.get(last)) {
                    sb.append(',');
                }
                first.set(last, false);
            }
        }

        private void quote(String s) {
            sb.append('"');
            for (int i = 0; i < s.length(); i++) {
                char ch = s.charAt(i);
                if (ch == '"' || ch == '\\') {
                    sb.append('\\').append(ch);
                } else if (ch < 0x20) {
                    sb.append(String.format("\\u%04x", (int) ch));
                } else {
                    sb.append(ch);
                }
            }
            sb.append('"');
        }

        @Override
        public String toString() {
            return sb.toString() + "\n";
        }
    }

    // ---------------------------------------------------------------- main

    /** Rewrites flink-report.json and operator-ids.json for the fixtures already in `out`. */
    static void reportOnly(Path out) throws Exception {
        Files.write(out.resolve("operator-ids.json"), operatorIds().getBytes(StandardCharsets.UTF_8));
        try (Stream<Path> dirs = Files.list(out)) {
            for (Path dir : dirs.sorted().collect(Collectors.toList())) {
                if (Files.exists(dir.resolve("_metadata"))) {
                    String json = report(dir, dir.getFileName().toString());
                    Files.write(dir.resolve("flink-report.json"), json.getBytes(StandardCharsets.UTF_8));
                    System.out.println("report " + dir);
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("--report-only")) {
            reportOnly(Paths.get(args[1]));
            System.exit(0);
        }
        Path out = Paths.get(args[0]);
        Path work = Paths.get(args[1]);
        List<String> only = Arrays.asList(args).subList(2, args.length);
        String version = EnvironmentInformation.getVersion();
        boolean fileMergingExists = classExists("org.apache.flink.runtime.state.filemerging.SegmentFileStateHandle");
        Files.createDirectories(out);
        Files.write(out.resolve("operator-ids.json"), operatorIds().getBytes(StandardCharsets.UTF_8));
        List<String> failures = new ArrayList<>();
        for (Case c : allCases()) {
            if (!only.isEmpty() && !only.contains(c.name)) {
                continue;
            }
            if (c.fileMerging && !fileMergingExists) {
                System.out.println("skip " + c.name + ": no file merging in Flink " + version);
                continue;
            }
            Path caseWork = work.resolve(c.name);
            long t0 = System.nanoTime();
            try {
                Path dir = runCase(c, caseWork);
                String json = report(dir, c.name);
                Path target = out.resolve(c.name);
                Files.createDirectories(target);
                Files.copy(dir.resolve("_metadata"), target.resolve("_metadata"), StandardCopyOption.REPLACE_EXISTING);
                Files.write(target.resolve("flink-report.json"), json.getBytes(StandardCharsets.UTF_8));
                System.out.printf("ok %s %s (%d bytes, %d ms)%n", version, c.name,
                        Files.size(target.resolve("_metadata")), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
            } catch (Exception e) {
                failures.add(c.name + ": " + e);
                System.out.println("FAILED " + version + " " + c.name + ": " + e);
                e.printStackTrace(System.out);
            }
        }
        if (!failures.isEmpty()) {
            System.out.println("failures: " + failures);
            System.exit(1);
        }
        System.exit(0);
    }

    static boolean classExists(String name) {
        try {
            Class.forName(name);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}

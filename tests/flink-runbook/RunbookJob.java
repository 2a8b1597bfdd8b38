/*
 * RunbookJob: the job of tests/flink-runbook/run.sh, submitted to a real standalone Flink cluster
 * with bin/flink. Shaped like the planner's seed 004 job, scaled down to fit two cores:
 *   'src'  DataGeneratorSource (p=1): event i = line i of the trace kit's trace.csv; split state
 *          holds the position. A gate file holds the number of events it may emit: the source
 *          waits (without blocking its task) at that offset, so snapshots are taken there.
 *   'tag'  parses the line and counts it in union list state (chained to the source)
 *   keyBy(key) -> 'sum-per-key': ValueState total per key, and a ballast of random bytes per key
 *          so that a checkpoint has something to upload; its total leaves when the input ends.
 *          While a file named "slow" exists, each snapshot of it waits that file's seconds.
 *   'sink' a Sink V2 with a committer: committed lines become files in the output directory.
 *
 * Everything else comes from job.properties inside the jar (run.sh writes it per build):
 *   trace, gate, slow, output  paths
 *   pin                        0, or the max parallelism set in the code on src, tag and sink
 *                              (the pins the planner's cutover table asks for)
 *   sink.parallelism           0 (-p, chained to sum-per-key), or the sink's own parallelism
 *   sink.alone                 true: the sink in a vertex of its own (disableChaining)
 *   ballast.bytes              bytes of random ballast per key
 */

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource.NumberSequenceSplit;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiter;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

public class RunbookJob {

    /** A file's number, or `otherwise` while it is missing or unreadable. */
    static long number(String path, long otherwise) {
        try {
            return Long.parseLong(new String(Files.readAllBytes(new File(path).toPath()), StandardCharsets.UTF_8).trim());
        } catch (Exception e) {
            return otherwise;
        }
    }

    /**
     * The next offset the source emits: set when a split is added (a restored split starts where
     * the snapshot left it) and after each record. One source subtask, so one value per job.
     */
    static final java.util.concurrent.atomic.AtomicLong NEXT = new java.util.concurrent.atomic.AtomicLong();

    /** Grants a record while its offset is below the gate file's number; waits on the file otherwise. */
    public static class Gate implements RateLimiterStrategy<NumberSequenceSplit> {
        private final String gate;

        Gate(String gate) {
            this.gate = gate;
        }

        @Override
        public RateLimiter<NumberSequenceSplit> createRateLimiter(int parallelism) {
            return new RateLimiter<NumberSequenceSplit>() {
                private transient ScheduledExecutorService poll;

                @Override
                public void notifyAddingSplit(NumberSequenceSplit split) {
                    NEXT.set(split.from());
                }

                @Override
                public CompletionStage<Void> acquire(int permits) {
                    if (NEXT.get() < number(gate, 0)) {
                        return CompletableFuture.completedFuture(null);
                    }
                    if (poll == null) {
                        poll = Executors.newSingleThreadScheduledExecutor(r -> {
                            Thread t = new Thread(r, "gate");
                            t.setDaemon(true);
                            return t;
                        });
                    }
                    CompletableFuture<Void> open = new CompletableFuture<>();
                    poll.scheduleWithFixedDelay(() -> {
                        if (!open.isDone() && NEXT.get() < number(gate, 0)) {
                            open.complete(null);
                        }
                    }, 100, 100, TimeUnit.MILLISECONDS);
                    return open;
                }
            };
        }
    }

    /** The union-state operator; each line's offset goes to the progress file, which run.sh reads. */
    public static class Tag extends TraceJob.UnionTag {
        private final String progress;

        Tag(String progress) {
            this.progress = progress;
        }

        @Override
        protected void parsed(long offset) throws Exception {
            File tmp = new File(progress + ".tmp");
            Files.write(tmp.toPath(), Long.toString(offset).getBytes(StandardCharsets.UTF_8));
            Files.move(tmp.toPath(), new File(progress).toPath(), StandardCopyOption.ATOMIC_MOVE);
        }
    }

    /** The running sum per key, with its ballast; slow snapshots while the "slow" file exists. */
    public static class SumPerKey extends KeyedProcessFunction<String, Tuple3<Long, String, Long>, String> implements CheckpointedFunction {
        private final int ballastBytes;
        private final String slow;
        private transient ValueState<Long> total;
        private transient ValueState<byte[]> ballast;

        SumPerKey(int ballastBytes, String slow) {
            this.ballastBytes = ballastBytes;
            this.slow = slow;
        }

        @Override
        public void open(org.apache.flink.api.common.functions.OpenContext ctx) {
            total = getRuntimeContext().getState(new ValueStateDescriptor<>("total", Types.LONG));
            ballast = getRuntimeContext().getState(new ValueStateDescriptor<>("ballast", byte[].class));
        }

        @Override
        public void processElement(Tuple3<Long, String, Long> e, Context ctx, Collector<String> out) throws Exception {
            Long t = total.value();
            total.update((t == null ? 0 : t) + e.f2);
            byte[] b = new byte[ballastBytes];
            new Random(e.f0).nextBytes(b);
            ballast.update(b);
            ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE);
        }

        @Override
        public void onTimer(long ts, OnTimerContext ctx, Collector<String> out) throws Exception {
            Long t = total.value();
            out.collect(ctx.getCurrentKey() + "," + (t == null ? 0 : t));
        }

        @Override
        public void snapshotState(FunctionSnapshotContext ctx) throws Exception {
            long seconds = number(slow, 0);
            if (seconds > 0) {
                Thread.sleep(seconds * 1000);
            }
        }

        @Override
        public void initializeState(FunctionInitializationContext ctx) {
        }
    }

    /** The committing sink of the job: each commit's lines become a file in `dir`. */
    public static class FileCommitSink extends TraceJob.LineCommitSink {
        private final String dir;

        FileCommitSink(String dir) {
            this.dir = dir;
        }

        @Override
        protected void commitLines(List<String> lines) throws java.io.IOException {
            File tmp = new File(dir, ".commit-" + UUID.randomUUID());
            Files.write(tmp.toPath(), (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
            Files.move(tmp.toPath(), new File(dir, "committed-" + UUID.randomUUID() + ".csv").toPath(), StandardCopyOption.ATOMIC_MOVE);
        }
    }

    public static void main(String[] args) throws Exception {
        Properties p = new Properties();
        try (InputStream in = RunbookJob.class.getResourceAsStream("/job.properties")) {
            p.load(in);
        }
        String trace = p.getProperty("trace");
        long events = Files.readAllLines(new File(trace).toPath(), StandardCharsets.UTF_8).size() - 1;
        int pin = Integer.parseInt(p.getProperty("pin", "0"));
        int sinkP = Integer.parseInt(p.getProperty("sink.parallelism", "0"));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataGeneratorSource<String> gen = new DataGeneratorSource<>(new TraceJob.TraceLines(trace) {
            @Override
            protected void emitted(long offset) {
                NEXT.set(offset + 1);
            }
        }, events, new Gate(p.getProperty("gate")), Types.STRING);
        var src = env.fromSource(gen, WatermarkStrategy.noWatermarks(), "src").uid("src").setParallelism(1);
        var tag = src.map(new Tag(p.getProperty("gate") + ".progress")).returns(Types.TUPLE(Types.LONG, Types.STRING, Types.LONG)).uid("tag").name("tag").setParallelism(1);
        var sum = tag.keyBy(t -> t.f1, Types.STRING)
                .process(new SumPerKey(Integer.parseInt(p.getProperty("ballast.bytes", "65536")), p.getProperty("slow")))
                .returns(Types.STRING).uid("sum-per-key").name("sum-per-key");
        DataStreamSink<String> sink = sum.sinkTo(new FileCommitSink(p.getProperty("output"))).uid("sink").name("sink");
        if (pin > 0) {
            src.setMaxParallelism(pin);
            tag.setMaxParallelism(pin);
            sink.setMaxParallelism(pin);
        }
        if (sinkP > 0) {
            sink.setParallelism(sinkP);
        }
        if (Boolean.parseBoolean(p.getProperty("sink.alone", "false"))) {
            sink.disableChaining();
        }
        env.execute(p.getProperty("name", "runbook-job"));
    }
}

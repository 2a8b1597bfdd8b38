/*
 * DrainJob: the job tests/flink-drain/run.sh submits with bin/flink. A generator source (uid
 * "gen", DataGeneratorSource, never ending, 20 records a second in all, keys key-0..39), event
 * time with WatermarkStrategy.forMonotonousTimestamps() and every record stamped with the same
 * timestamp (--ts), keyBy, a KeyedProcessFunction (uid "timers") that per record counts the key
 * in a ValueState<Long> "seen" (never cleared) and registers an event-time timer at
 * ts + 1 hour, a discarding sink (uid "sink"). All records of a key register the same timer,
 * so once the 40 keys have been seen exactly 40 timers are pending, and the watermark (ts - 1)
 * stays an hour behind them: no timer fires unless the watermark is pushed to the end (a
 * --drain stop) or a later run stamps its records past ts + 1 hour.
 * Each timer that fires appends one line "<key> <timer timestamp>" to
 * <--out>/<--tag>-<subtask>.txt (flushed at once), so the driver counts fired timers per run.
 *   --ts MILLIS   the records' event timestamp
 *   --out DIR     where the fired-timer files go
 *   --tag NAME    the run's name, the files' prefix
 */

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;

import java.io.FileWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.Map;

public class DrainJob {
    static final long DELAY = 3_600_000L;

    /** Counts each key, registers an event-time timer an hour after the record, logs fired timers. */
    public static class Timers extends KeyedProcessFunction<String, String, String> {
        private final String out;
        private final String tag;
        private transient ValueState<Long> seen;
        private transient Writer fired;

        Timers(String out, String tag) {
            this.out = out;
            this.tag = tag;
        }

        @Override
        public void open(OpenContext ctx) throws IOException {
            seen = getRuntimeContext().getState(new ValueStateDescriptor<>("seen", Long.class));
            int subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            fired = new FileWriter(out + "/" + tag + "-" + subtask + ".txt", true);
        }

        @Override
        public void processElement(String key, Context ctx, Collector<String> collector) throws Exception {
            Long c = seen.value();
            seen.update((c == null ? 0L : c) + 1);
            ctx.timerService().registerEventTimeTimer(ctx.timestamp() + DELAY);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> collector) throws Exception {
            String line = ctx.getCurrentKey() + " " + timestamp;
            fired.write(line + "\n");
            fired.flush();
            collector.collect(line);
        }

        @Override
        public void close() throws IOException {
            if (fired != null) {
                fired.close();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opt.put(args[i], args[i + 1]);
        }
        final long ts = Long.parseLong(opt.get("--ts"));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataGeneratorSource<String> gen = new DataGeneratorSource<>(
                i -> "key-" + (i % 40), Long.MAX_VALUE, RateLimiterStrategy.perSecond(20), Types.STRING);
        WatermarkStrategy<String> wm = WatermarkStrategy.<String>forMonotonousTimestamps()
                .withTimestampAssigner((s, previous) -> ts);
        env.fromSource(gen, wm, "gen").uid("gen")
                .keyBy(s -> s)
                .process(new Timers(opt.get("--out"), opt.get("--tag"))).uid("timers").name("timers")
                .sinkTo(new DiscardingSink<>()).uid("sink").name("sink");
        env.execute("flink-drain");
    }
}

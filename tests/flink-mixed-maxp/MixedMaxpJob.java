/*
 * MixedMaxpJob: the job tests/flink-mixed-maxp/run.sh submits with bin/flink. A generator source
 * (uid "gen", DataGeneratorSource: as many splits as the source's parallelism at its first start,
 * 20 records a second in all, keys customer-0..39), keyBy, a keyed count (uid "count-per-key", a
 * ValueState<Long> per key), a discarding sink (uid "sink"). Its max parallelism and the
 * source's parallelism come from its arguments, so that one jar serves every variant:
 *   --maxp N      env.setMaxParallelism(N): every operator's max parallelism, job-wide
 *   --srcmaxp N   the source's own setMaxParallelism(N)
 *   --srcp N      the source's own setParallelism(N)
 *   --opmaxp N    setMaxParallelism(N) on the keyed count and on the sink (not the source)
 */

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.datastream.DataStreamSource;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;

import java.util.HashMap;
import java.util.Map;

public class MixedMaxpJob {
    /** A count per key, kept in keyed state. */
    public static class CountPerKey extends KeyedProcessFunction<String, String, String> {
        private transient ValueState<Long> count;

        @Override
        public void open(OpenContext ctx) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Long.class));
        }

        @Override
        public void processElement(String key, Context ctx, Collector<String> out) throws Exception {
            Long c = count.value();
            long next = (c == null ? 0L : c) + 1;
            count.update(next);
            out.collect(key + "," + next);
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, Integer> opt = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opt.put(args[i], Integer.parseInt(args[i + 1]));
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        if (opt.containsKey("--maxp")) {
            env.setMaxParallelism(opt.get("--maxp"));
        }
        DataGeneratorSource<String> gen = new DataGeneratorSource<>(
                i -> "customer-" + (i % 40), Long.MAX_VALUE, RateLimiterStrategy.perSecond(20), Types.STRING);
        DataStreamSource<String> src = env.fromSource(gen, WatermarkStrategy.noWatermarks(), "gen");
        src.uid("gen");
        if (opt.containsKey("--srcmaxp")) {
            src.setMaxParallelism(opt.get("--srcmaxp"));
        }
        if (opt.containsKey("--srcp")) {
            src.setParallelism(opt.get("--srcp"));
        }
        SingleOutputStreamOperator<String> counted =
                src.keyBy(s -> s).process(new CountPerKey()).uid("count-per-key").name("count-per-key");
        DataStreamSink<String> sink = counted.sinkTo(new DiscardingSink<>()).uid("sink").name("sink");
        if (opt.containsKey("--opmaxp")) {
            counted.setMaxParallelism(opt.get("--opmaxp"));
            sink.setMaxParallelism(opt.get("--opmaxp"));
        }
        env.execute("flink-mixed-maxp");
    }
}

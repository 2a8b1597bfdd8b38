/*
 * FlinkLabApi, for Flink 1.18: the twin of ../FlinkLabApi.java (1.19 and later), the same three
 * members written against 1.18's API; flink.sh compiles this one with FlinkLab.java for a release
 * before 1.19. Why a second file: 2.x removed what 1.18 has (RichFunction.open(Configuration),
 * RuntimeContext.getNumberOfParallelSubtasks(), Sink.createWriter(InitContext)) and 1.18 lacks
 * what 1.19 added and 2.x uses instead (OpenContext, getTaskInfo(), WriterInitContext); 1.18's
 * flink-dist has neither DataGeneratorSource nor the sink-v2 DiscardingSink (1.19's has both).
 *
 *   OpenedKeyedFunction  open(Configuration);
 *   generatorSource      NumberSequenceSource with its reader rate-limited and declared unbounded:
 *                        what DataGeneratorSource(i -> i, Long.MAX_VALUE, perSecond(rate)) is;
 *   discardingSink       a sink-v2 Sink of its own (createWriter(InitContext)), named like the
 *                        DiscardingSink's operator ("<name>: Writer").
 */

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimitedSourceReader;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStreamSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;

public class FlinkLabApi {

    /** A keyed function whose opened(…) runs when its task opens (here: in open(Configuration)). */
    public abstract static class OpenedKeyedFunction<K, I, O> extends KeyedProcessFunction<K, I, O> {
        @Override
        public void open(Configuration parameters) throws Exception {
            RuntimeContext rc = getRuntimeContext();
            opened(rc.getNumberOfParallelSubtasks(), rc.getMaxNumberOfParallelSubtasks());
        }

        /** The task opened: its parallelism and max parallelism. */
        protected abstract void opened(int parallelism, int maxParallelism) throws Exception;
    }

    /** The source "src" of env (name and operator name): 0, 1, 2, … at `rate` records a second, unbounded. */
    static DataStreamSource<Long> generatorSource(StreamExecutionEnvironment env, int rate) {
        return env.fromSource(new RateLimitedSequence(rate), WatermarkStrategy.noWatermarks(), "src");
    }

    /** 0 … Long.MAX_VALUE - 1, `rate` records a second over all readers, unbounded. */
    static final class RateLimitedSequence extends NumberSequenceSource {
        private final double rate;

        RateLimitedSequence(double rate) {
            super(0, Long.MAX_VALUE - 1);
            this.rate = rate;
        }

        @Override
        public Boundedness getBoundedness() {
            return Boundedness.CONTINUOUS_UNBOUNDED;
        }

        @Override
        public SourceReader<Long, NumberSequenceSplit> createReader(SourceReaderContext ctx) {
            return new RateLimitedSourceReader<>(super.createReader(ctx),
                    RateLimiterStrategy.perSecond(rate).createRateLimiter(ctx.currentParallelism()));
        }
    }

    /** A sink (sink v2: its operator is "<name>: Writer") that drops every record. */
    static Sink<Long> discardingSink() {
        return new Discard();
    }

    static final class Discard implements Sink<Long> {
        @Override
        public SinkWriter<Long> createWriter(InitContext context) {
            return new SinkWriter<Long>() {
                @Override
                public void write(Long element, Context context) {
                }

                @Override
                public void flush(boolean endOfInput) {
                }

                @Override
                public void close() {
                }
            };
        }
    }
}

/*
 * FlinkLabApi, for Flink 1.19 and later (2.x): the few pieces of FlinkLab whose Flink API differs
 * between 1.18 and 2.x. FlinkLab extends it; flink.sh compiles this file with FlinkLab.java for
 * 1.19 and later, and flink-1.18/FlinkLabApi.java (the same three members, written against 1.18's
 * API) for an older release.
 *
 *   OpenedKeyedFunction  a KeyedProcessFunction told, when its task opens, the task's parallelism
 *                        and max parallelism (open(OpenContext), RuntimeContext.getTaskInfo());
 *   generatorSource      the generator source "src": 0, 1, 2, … at a given rate, unbounded
 *                        (DataGeneratorSource, in flink-dist from 1.19 on);
 *   discardingSink       a sink (sink v2) that drops every record (sink.v2.DiscardingSink).
 */

import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.streaming.api.datastream.DataStreamSource;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

public class FlinkLabApi {

    /** A keyed function whose opened(…) runs when its task opens (here: in open(OpenContext)). */
    public abstract static class OpenedKeyedFunction<K, I, O> extends KeyedProcessFunction<K, I, O> {
        @Override
        public void open(OpenContext ctx) throws Exception {
            TaskInfo task = getRuntimeContext().getTaskInfo();
            opened(task.getNumberOfParallelSubtasks(), task.getMaxNumberOfParallelSubtasks());
        }

        /** The task opened: its parallelism and max parallelism. */
        protected abstract void opened(int parallelism, int maxParallelism) throws Exception;
    }

    /** The source "src" of env (name and operator name): 0, 1, 2, … at `rate` records a second, unbounded. */
    static DataStreamSource<Long> generatorSource(StreamExecutionEnvironment env, int rate) {
        DataGeneratorSource<Long> src = new DataGeneratorSource<>(
                i -> i, Long.MAX_VALUE, RateLimiterStrategy.perSecond(rate), Types.LONG);
        return env.fromSource(src, WatermarkStrategy.noWatermarks(), "src");
    }

    /** A sink (sink v2: its operator is "<name>: Writer") that drops every record. */
    static Sink<Long> discardingSink() {
        return new DiscardingSink<>();
    }
}

/*
 * TraceJob: the pieces of the trace kit's job that tests/flink-trace-kit, flink-cutover and
 * flink-runbook share: the source's records (line i of trace.csv is event i), a rate limiter that
 * holds the source at an offset without blocking its task (so snapshots are taken there), an
 * operator that parses each line and keeps union list state, and a sink whose lines become
 * visible only when its committer commits them. For the two MiniCluster programs (trace kit and
 * cutover) also the trace read whole (its events, each key's total, which their outputs are
 * checked against) and the offset their savepoints are taken at. flink.sh's callers
 * compile it beside their program: flink_compile_lab "$here/X.java" "$FLINK_TRACE_JOB_JAVA".
 */

import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource.NumberSequenceSplit;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiter;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

public class TraceJob {

    /** Where the trace kit's and the cutover's savepoints are taken: after events 0..159. */
    public static final long SNAPSHOT_AT = 160;

    /** A directory's trace.csv, read whole: its path, its number of events, each key's total. */
    public static final class Trace {
        public final String path;
        public final long events;
        public final TreeMap<String, Long> totals = new TreeMap<>();

        public Trace(File dir) throws IOException {
            path = new File(dir, "trace.csv").getAbsolutePath();
            List<String> lines = Files.readAllLines(new File(path).toPath(), StandardCharsets.UTF_8);
            events = lines.size() - 1;
            for (String l : lines.subList(1, lines.size())) {
                String[] f = l.split(",", -1);
                totals.merge(f[1], Long.parseLong(f[2]), Long::sum);
            }
        }
    }

    /** Event i of the trace: line i + 1 of trace.csv (line 0 is the header). */
    public static class TraceLines implements GeneratorFunction<Long, String> {
        private final String path;
        private transient List<String> lines;

        public TraceLines(String path) {
            this.path = path;
        }

        @Override
        public void open(SourceReaderContext ctx) throws Exception {
            lines = Files.readAllLines(new File(path).toPath(), StandardCharsets.UTF_8);
            if (!lines.get(0).equals("offset,key,value")) {
                throw new IllegalStateException("trace.csv header: " + lines.get(0));
            }
        }

        /** Called with each event's offset as it goes out. */
        protected void emitted(long offset) {
        }

        @Override
        public String map(Long i) {
            emitted(i);
            return lines.get((int) (i + 1));
        }
    }

    /** Grants one record at a time until `at` records are out, then never again (the task stays free). */
    public static class PauseAt implements RateLimiterStrategy<NumberSequenceSplit> {
        private final long at;

        public PauseAt(long at) {
            this.at = at;
        }

        @Override
        public RateLimiter<NumberSequenceSplit> createRateLimiter(int parallelism) {
            return new RateLimiter<NumberSequenceSplit>() {
                private long granted = 0;

                @Override
                public CompletionStage<Void> acquire(int permits) {
                    if (granted + permits > at) {
                        return new CompletableFuture<>();
                    }
                    granted += permits;
                    return CompletableFuture.completedFuture(null);
                }
            };
        }
    }

    /**
     * Parses a trace line into (offset, key, value) and counts it in union list state ("seen"):
     * on restore every subtask gets every entry back, and their sum is the events seen before.
     */
    public static class UnionTag extends RichMapFunction<String, Tuple3<Long, String, Long>> implements CheckpointedFunction {
        private transient ListState<Long> seen;
        private long count;

        /** Called with each line's offset as it is parsed. */
        protected void parsed(long offset) throws Exception {
        }

        /** Called on restore with the events the restored entries counted. */
        protected void restored(long events) {
        }

        @Override
        public Tuple3<Long, String, Long> map(String line) throws Exception {
            count++;
            String[] f = line.split(",", -1);
            parsed(Long.parseLong(f[0]));
            return Tuple3.of(Long.parseLong(f[0]), f[1], Long.parseLong(f[2]));
        }

        @Override
        public void snapshotState(FunctionSnapshotContext ctx) throws Exception {
            seen.update(List.of(count));
        }

        @Override
        public void initializeState(FunctionInitializationContext ctx) throws Exception {
            seen = ctx.getOperatorStateStore().getUnionListState(new ListStateDescriptor<>("seen", Types.LONG));
            if (ctx.isRestored()) {
                long total = 0;
                for (Long c : seen.get()) {
                    total += c;
                }
                restored(total);
            }
        }
    }

    /**
     * A sink whose lines become visible only when its committer commits them: the writer hands
     * its lines over at each checkpoint (or at the end of input), the committer passes them to
     * {@link #commitLines}.
     */
    public abstract static class LineCommitSink implements Sink<String>, SupportsCommitter<String> {

        /** What committing does with the lines of one commit. */
        protected abstract void commitLines(List<String> lines) throws IOException;

        @Override
        public SinkWriter<String> createWriter(WriterInitContext ctx) {
            return new CommittingSinkWriter<String, String>() {
                private final List<String> pending = new ArrayList<>();

                @Override
                public void write(String line, Context c) {
                    pending.add(line);
                }

                @Override
                public void flush(boolean endOfInput) {
                }

                @Override
                public Collection<String> prepareCommit() {
                    List<String> out = new ArrayList<>(pending);
                    pending.clear();
                    return out;
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public Committer<String> createCommitter(CommitterInitContext ctx) {
            return new Committer<String>() {
                @Override
                public void commit(Collection<CommitRequest<String>> requests) throws IOException {
                    List<String> lines = new ArrayList<>();
                    for (CommitRequest<String> r : requests) {
                        lines.add(r.getCommittable());
                    }
                    if (!lines.isEmpty()) {
                        commitLines(lines);
                    }
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public SimpleVersionedSerializer<String> getCommittableSerializer() {
            return new SimpleVersionedSerializer<String>() {
                @Override
                public int getVersion() {
                    return 1;
                }

                @Override
                public byte[] serialize(String s) {
                    return s.getBytes(StandardCharsets.UTF_8);
                }

                @Override
                public String deserialize(int version, byte[] b) {
                    return new String(b, StandardCharsets.UTF_8);
                }
            };
        }
    }
}

/*
 * SavepointOperators: loads a savepoint's _metadata with Flink's own loader
 * (Checkpoints.loadCheckpointMetadata) and prints one line per operator state in it:
 *   uid=<uid> id=<operator id> parallelism=<p> maxParallelism=<max> fullyFinished=<bool>
 *   subtaskStates=<n> finishedSubtasks=<n> coordinatorState=<yes|no>
 * The uid is the one the metadata stores (Flink 2.x writes it); the operator id is matched
 * against the uids given on the command line (StreamGraphHasherV2: murmur3_128 with seed 0 over
 * the uid's UTF-8 bytes, Guava as shaded into flink-dist 2.x), so that the report can say
 * "uid=gen (by id)" where the metadata has no uid. Operators are printed in the order of the
 * uids given, then any others by id.
 *   java SavepointOperators <savepoint dir or _metadata> <uid>...
 */

import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.shaded.guava33.com.google.common.hash.Hashing;

import java.io.DataInputStream;
import java.io.File;
import java.io.FileInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public class SavepointOperators {
    public static void main(String[] args) throws Exception {
        File file = new File(args[0]);
        if (file.isDirectory()) {
            file = new File(file, "_metadata");
        }
        Map<String, String> uidById = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            byte[] h = Hashing.murmur3_128(0).newHasher().putString(args[i], StandardCharsets.UTF_8).hash().asBytes();
            uidById.put(new OperatorID(h).toHexString(), args[i]);
        }
        CheckpointMetadata md;
        try (DataInputStream in = new DataInputStream(new FileInputStream(file))) {
            md = Checkpoints.loadCheckpointMetadata(in, SavepointOperators.class.getClassLoader(), file.getPath());
        }
        List<String> order = new ArrayList<>(uidById.keySet());
        List<OperatorState> ops = new ArrayList<>(md.getOperatorStates());
        ops.sort(Comparator.comparing((OperatorState o) -> {
            int at = order.indexOf(o.getOperatorID().toHexString());
            return at < 0 ? order.size() : at;
        }).thenComparing(o -> o.getOperatorID().toHexString()));
        for (OperatorState op : ops) {
            String id = op.getOperatorID().toHexString();
            String uid = op.getOperatorUid().orElse("");
            String shown = !uid.isEmpty() ? uid
                    : uidById.containsKey(id) ? uidById.get(id) + " (by id)" : "(none)";
            int finished = 0;
            for (OperatorSubtaskState s : op.getSubtaskStates().values()) {
                if (s.isFinished()) {
                    finished++;
                }
            }
            System.out.println("uid=" + shown + " id=" + id
                    + " parallelism=" + op.getParallelism()
                    + " maxParallelism=" + op.getMaxParallelism()
                    + " fullyFinished=" + op.isFullyFinished()
                    + " subtaskStates=" + op.getSubtaskStates().size()
                    + " finishedSubtasks=" + finished
                    + " coordinatorState=" + (op.getCoordinatorState() == null ? "no" : "yes"));
        }
    }
}

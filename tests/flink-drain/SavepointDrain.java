/*
 * SavepointDrain: loads a savepoint's _metadata with Flink's own loader
 * (Checkpoints.loadCheckpointMetadata) and prints
 *   type=<getCheckpointProperties().getCheckpointType().getName()>
 * (or "type=(no properties)" when the metadata holds none), then one line per operator state:
 *   uid=<uid> subtaskStates=<n> keyedHandles=<n> keyedStateBytes=<sum of getStateSize() of the
 *   managed and raw keyed state handles> operatorStateBytes=<sum of the managed and raw operator
 *   state handles' getStateSize()>
 * sorted by uid (operators the metadata gives no uid are shown by id).
 *   java SavepointDrain <savepoint dir or _metadata>
 */

import org.apache.flink.runtime.checkpoint.CheckpointProperties;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.state.KeyedStateHandle;
import org.apache.flink.runtime.state.OperatorStateHandle;

import java.io.DataInputStream;
import java.io.File;
import java.io.FileInputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

public class SavepointDrain {
    public static void main(String[] args) throws Exception {
        File file = new File(args[0]);
        if (file.isDirectory()) {
            file = new File(file, "_metadata");
        }
        CheckpointMetadata md;
        try (DataInputStream in = new DataInputStream(new FileInputStream(file))) {
            md = Checkpoints.loadCheckpointMetadata(in, SavepointDrain.class.getClassLoader(), file.getPath());
        }
        CheckpointProperties props = md.getCheckpointProperties();
        System.out.println("type=" + (props == null ? "(no properties)" : props.getCheckpointType().getName()));
        List<String> lines = new ArrayList<>();
        for (OperatorState op : md.getOperatorStates()) {
            String uid = op.getOperatorUid().orElse("id:" + op.getOperatorID().toHexString());
            long keyed = 0;
            long operator = 0;
            int handles = 0;
            for (OperatorSubtaskState s : op.getSubtaskStates().values()) {
                for (KeyedStateHandle h : s.getManagedKeyedState()) {
                    keyed += h.getStateSize();
                    handles++;
                }
                for (KeyedStateHandle h : s.getRawKeyedState()) {
                    keyed += h.getStateSize();
                    handles++;
                }
                for (OperatorStateHandle h : s.getManagedOperatorState()) {
                    operator += h.getStateSize();
                }
                for (OperatorStateHandle h : s.getRawOperatorState()) {
                    operator += h.getStateSize();
                }
            }
            lines.add("uid=" + uid + " subtaskStates=" + op.getSubtaskStates().size()
                    + " keyedHandles=" + handles + " keyedStateBytes=" + keyed
                    + " operatorStateBytes=" + operator);
        }
        lines.sort(Comparator.naturalOrder());
        lines.forEach(System.out::println);
    }
}

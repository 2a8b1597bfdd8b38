// Prints, for a range of max parallelisms, how many bytes RocksDB's keyed state backend puts in
// front of every key for its key group (CompositeKeySerializationUtils.computeRequiredBytesInKeyGroupPrefix),
// and the prefix bytes Flink writes for the first and the last key group (writeKeyGroup).
// No cluster starts. Usage: java -cp <flink-dist>:. KeyGroupPrefix
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.state.CompositeKeySerializationUtils;
import org.apache.flink.runtime.util.EnvironmentInformation;

public class KeyGroupPrefix {
    public static void main(String[] args) throws Exception {
        System.out.println("Flink version: " + EnvironmentInformation.getVersion());
        System.out.println("# max_parallelism | prefix bytes per key | key group 0 | last key group");
        int[] maxes = {1, 2, 127, 128, 129, 200, 256, 1000, 1024, 4096, 32768};
        for (int max : maxes) {
            int bytes = CompositeKeySerializationUtils.computeRequiredBytesInKeyGroupPrefix(max);
            System.out.println(max + " | " + bytes + " | " + hex(0, bytes) + " | " + hex(max - 1, bytes));
        }
    }

    static String hex(int group, int bytes) throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(4);
        CompositeKeySerializationUtils.writeKeyGroup(group, bytes, out);
        StringBuilder sb = new StringBuilder();
        for (byte b : out.getCopyOfBuffer()) {
            sb.append(String.format("%02x", b));
        }
        return sb.toString();
    }
}

/*
 * OperatorIds: prints the operator id Flink derives from each uid given (StreamGraphHasherV2:
 * murmur3_128 with seed 0 over the uid's UTF-8 bytes, Guava as shaded into flink-dist 2.x), one
 * "<id> <uid>" line each, so that the journey's report can name the operator a message names.
 * A Sink V2 committer's uid is "Sink Committer: " + the sink's uid.
 */

import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.shaded.guava33.com.google.common.hash.Hashing;

import java.nio.charset.StandardCharsets;

public class OperatorIds {
    public static void main(String[] args) {
        for (String uid : args) {
            byte[] hash = Hashing.murmur3_128(0).newHasher().putString(uid, StandardCharsets.UTF_8).hash().asBytes();
            System.out.println(new OperatorID(hash).toHexString() + " " + uid);
        }
    }
}

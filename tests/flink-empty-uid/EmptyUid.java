// Builds, without running it, a small job whose source and map carry the uid under test, and
// prints what Flink does with each uid: the operator id it derives (the job graph's vertex id),
// or the exception and its message when it refuses the uid. No cluster is started: the stream
// graph and job graph are built on the client, where uids are checked and hashed.
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

public class EmptyUid {
    public static void main(String[] args) {
        String[] uids = {"", " ", "counter"};
        for (String uid : uids) {
            System.out.println("==== uid \"" + uid + "\" on a map operator");
            try {
                StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
                env.setParallelism(1);
                env.fromSequence(1, 3).uid("source")
                        .map((MapFunction<Long, Long>) x -> x).uid(uid).name("the map")
                        .print().uid("sink");
                JobGraph graph = env.getStreamGraph().getJobGraph();
                for (JobVertex v : graph.getVertices()) {
                    System.out.println("vertex " + v.getName() + " id " + v.getID());
                }
            } catch (Throwable e) {
                System.out.println("refused: " + e.getClass().getName() + ": " + e.getMessage());
            }
        }
    }
}

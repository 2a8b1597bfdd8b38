// Writes conformance vectors by calling Apache Flink's own classes (flink-dist jar):
// KeyGroupRangeAssignment and MathUtils. Run through tests/flink-vectors/generate.sh.
// Output: TSV files with a header row; string keys are written as UTF-16 code units in hex.

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.apache.flink.runtime.state.KeyGroupRange;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.apache.flink.util.MathUtils;

public final class GenerateVectors {
    static final int[] MAXES = {1, 2, 7, 128, 129, 1000, 1024, 32768};
    static final int[][] OWNERS = {{128, 100}, {128, 12}, {7, 3}, {129, 128}, {1000, 7}, {32768, 200}, {1024, 1000}};

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        writeKeys(out.resolve("keys.tsv"));
        writeRanges(out.resolve("ranges.tsv"));
        writeDefaults(out.resolve("default_max_parallelism.tsv"));
    }

    static String hex(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            if (i > 0) b.append('.');
            b.append(String.format("%04x", (int) s.charAt(i)));
        }
        return b.toString();
    }

    static List<String> strings() {
        List<String> list = new ArrayList<>(List.of(
            "", "a", "A", "customer-42", "user_1", "hello world", "Flink", "key with\ttab",
            "caf\u00e9", "cafe\u0301", "\u00c5ngstr\u00f6m", "A\u030angstro\u0308m", "na\u00efve",
            "\u4e2d\u6587\u952e", "\u6771\u4eac", "\ud55c\uad6d\uc5b4", "\u0928\u092e\u0938\u094d\u0924\u0947",
            "\ud83d\ude00", "\ud83d\udc4d\ud83c\udffd", "\ud83c\uddfa\ud83c\udde6", "\ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67",
            "e\u0301\u0302\u0303", "\u0000", "\u00ff", "\uffff", "\ud800", "\udfff", "<script>alert(1)</script>",
            "\"quoted\",comma", "  spaces  ", "\u202eRTL"));
        StringBuilder longAscii = new StringBuilder();
        for (int i = 0; i < 10000; i++) longAscii.append((char) ('a' + i % 26));
        list.add(longAscii.toString());
        StringBuilder longMixed = new StringBuilder();
        for (int i = 0; i < 2000; i++) longMixed.append(i % 3 == 0 ? "\u00e9" : i % 3 == 1 ? "\u6f22" : "\ud83d\ude80");
        list.add(longMixed.toString());
        for (int i = 0; i < 300; i++) list.add("customer-" + i);
        Random random = new Random(20261129L);
        int[][] blocks = {{0x20, 0x7e}, {0xa0, 0x24f}, {0x300, 0x36f}, {0x4e00, 0x9fff}, {0x1f300, 0x1faff}};
        for (int i = 0; i < 1500; i++) {
            StringBuilder b = new StringBuilder();
            int len = random.nextInt(24);
            for (int j = 0; j < len; j++) {
                int[] block = blocks[random.nextInt(blocks.length)];
                b.appendCodePoint(block[0] + random.nextInt(block[1] - block[0] + 1));
            }
            list.add(b.toString());
        }
        return list;
    }

    static void writeKeys(Path path) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8))) {
            StringBuilder header = new StringBuilder("type\tkey\tjava_hash\tmurmur");
            for (int m : MAXES) header.append("\tkg@").append(m);
            for (int[] o : OWNERS) header.append("\top@").append(o[0]).append('/').append(o[1]);
            w.print(header.append('\n'));
            for (String s : strings()) row(w, "string", hex(s), s);
            Random random = new Random(42L);
            List<Integer> ints = new ArrayList<>(List.of(0, 1, -1, 2, 42, 127, 128, 255, 1000, -1000,
                Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 1));
            for (int i = 0; i < 1000; i++) ints.add(i);
            for (int i = 0; i < 1500; i++) ints.add(random.nextInt());
            for (int v : ints) row(w, "int", Integer.toString(v), v);
            List<Long> longs = new ArrayList<>(List.of(0L, 1L, -1L, 42L, 4294967295L, 4294967296L, -4294967296L,
                (long) Integer.MAX_VALUE, (long) Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE,
                Long.MAX_VALUE - 1, Long.MIN_VALUE + 1, 1L << 32, 1L << 62, 1_000_000_007L));
            for (int i = 0; i < 1500; i++) longs.add(random.nextLong());
            for (long v : longs) row(w, "long", Long.toString(v), v);
        }
    }

    static void row(PrintWriter w, String type, String keyText, Object key) {
        int hash = key.hashCode();
        StringBuilder b = new StringBuilder(type).append('\t').append(keyText).append('\t').append(hash)
            .append('\t').append(MathUtils.murmurHash(hash));
        for (int m : MAXES) b.append('\t').append(KeyGroupRangeAssignment.assignToKeyGroup(key, m));
        for (int[] o : OWNERS) b.append('\t').append(KeyGroupRangeAssignment.assignKeyToParallelOperator(key, o[0], o[1]));
        w.print(b.append('\n'));
    }

    static void writeRanges(Path path) throws IOException {
        int[] ps = {1, 2, 3, 4, 7, 8, 10, 12, 16, 24, 100, 127, 128, 129, 200, 999, 1000, 1023, 1024, 3000};
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8))) {
            w.print("max_parallelism\tparallelism\toperator\tfirst\tlast\n");
            for (int m : MAXES) {
                List<Integer> chosen = new ArrayList<>();
                for (int p : ps) if (p <= m) chosen.add(p);
                if (m <= 1024 && !chosen.contains(m)) chosen.add(m);
                if (m <= 1024 && m > 1 && !chosen.contains(m - 1)) chosen.add(m - 1);
                for (int p : chosen) {
                    for (int op = 0; op < p; op++) {
                        KeyGroupRange r = KeyGroupRangeAssignment.computeKeyGroupRangeForOperatorIndex(m, p, op);
                        w.print(m + "\t" + p + "\t" + op + "\t" + r.getStartKeyGroup() + "\t" + r.getEndKeyGroup() + "\n");
                        int owner = KeyGroupRangeAssignment.computeOperatorIndexForKeyGroup(m, p, r.getStartKeyGroup());
                        if (owner != op) throw new IllegalStateException("owner mismatch");
                    }
                }
            }
        }
    }

    static void writeDefaults(Path path) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(path, StandardCharsets.UTF_8))) {
            w.print("parallelism\tdefault_max_parallelism\n");
            for (int p : new int[] {Integer.MIN_VALUE, -1, 0, 32769, 32770, 65536, Integer.MAX_VALUE}) {
                String result;
                try {
                    result = Integer.toString(KeyGroupRangeAssignment.computeDefaultMaxParallelism(p));
                } catch (IllegalArgumentException e) {
                    result = "error";
                }
                w.print(p + "\t" + result + "\n");
            }
            int previous = -1;
            List<Integer> jumps = new ArrayList<>();
            for (int p = 1; p <= 32768; p++) {
                int v = KeyGroupRangeAssignment.computeDefaultMaxParallelism(p);
                if (p <= 300 || p >= 32760) w.print(p + "\t" + v + "\n");
                else if (v != previous) jumps.add(p);
                previous = v;
            }
            for (int jump : jumps) {
                for (int p = jump - 3; p <= jump + 3; p++) {
                    if (p > 300 && p < 32760) w.print(p + "\t" + KeyGroupRangeAssignment.computeDefaultMaxParallelism(p) + "\n");
                }
            }
        }
    }
}

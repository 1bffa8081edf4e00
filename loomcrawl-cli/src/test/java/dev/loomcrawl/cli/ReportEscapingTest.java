package dev.loomcrawl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.loomcrawl.testkit.TestSite;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a site writes reaches the reports of {@code check} and {@code report} escaped for each format and for the
 * terminal: a malformed percent escape breaks no report, a control character (ESC, a line break, C1's CSI), a
 * bidirectional override or a noncharacter is never printed as it is, and each format parses with a real parser
 * (the JDK's XML parser, Jackson, commons-csv) into one entry per broken target or record.
 */
class ReportEscapingTest {
    @TempDir
    Path tmp;

    /** Hrefs to missing files of a directory, and how the report shows each (decoded where printable). */
    private static final List<String[]> DIRECTORY_LINKS = List.of(
            new String[] {"/a%zz", "a%zz"},                       // malformed: not hex
            new String[] {"/%E0%A4%A", "%E0%A4%A"},               // malformed: cut short
            new String[] {"/b%0Aforged", "b%0Aforged"},           // a line break
            new String[] {"/c%1B[2Jred", "c%1B[2Jred"},           // ESC: clears a terminal's screen
            new String[] {"/d%EF%BF%BE", "d%EF%BF%BE"},           // U+FFFE: no XML may hold it
            new String[] {"/e%C2%9B31m", "e%C2%9B31m"},           // C1's CSI
            new String[] {"/f%E2%80%AEtxt", "f%E2%80%AEtxt"},     // a right-to-left override
            new String[] {"/g\u001bh", "g%1Bh"},                  // ESC as the page wrote it
            new String[] {"/%C3%A9t%C3%A9", "\u00e9t\u00e9"});    // printable: decoded

    @Test
    void aDirectorysMalformedAndControlEscapesBreakNoFormatAndReachNoTerminal() throws Exception {
        Path site = tmp.resolve("site");
        Files.createDirectories(site);
        StringBuilder html = new StringBuilder();
        for (String[] link : DIRECTORY_LINKS) html.append("<a href=\"").append(link[0]).append("\">x</a>\n");
        Files.writeString(site.resolve("index.html"), html);
        Set<String> shown = new TreeSet<>();
        for (String[] link : DIRECTORY_LINKS) shown.add(link[1]);
        assertEveryFormat(shown, site.toString());

        // at a terminal (a pseudo-terminal): nothing the site wrote acts on it
        LoomcrawlProcess onTerminal = LoomcrawlProcess.startWithStdoutOnTerminal(tmp, 200, "check",
                site.toString());
        assertEquals(1, onTerminal.exit(60), onTerminal.stdout());
        String screen = onTerminal.stdout().replace("\r\n", "\n");
        assertPrintable(screen);
        assertEquals(DIRECTORY_LINKS.size() + 1, screen.lines().filter(l -> !l.isBlank()).count(), screen);
    }

    @Test
    void fragmentsAPageWroteAreEscapedInEveryFormat() throws Exception {
        List<String[]> fragments = List.of(
                new String[] {"x\u001b[2Jy", "x%1B[2Jy"}, new String[] {"line\rforged", "line%0Dforged"},
                new String[] {"z\uFFFE", "z%EF%BF%BE"}, new String[] {"%zz", "%zz"},
                new String[] {"rlo\u202Etxt", "rlo%E2%80%AEtxt"}, new String[] {"csi\u009b31m", "csi%C2%9B31m"});
        StringBuilder html = new StringBuilder();
        for (String[] f : fragments) html.append("<a href=\"/p#").append(f[0]).append("\">x</a>\n");
        try (TestSite site = TestSite.builder().page("/", html.toString()).page("/p", "<p id=there>p</p>").start()) {
            Set<String> shown = new TreeSet<>();
            for (String[] f : fragments) shown.add(site.url("/p") + "#" + f[1]);
            assertEveryFormat(shown, "--check-fragments", site.url("/"));
        }
    }

    @Test
    void reportPrintsEveryFormatToStandardOutputWithWhatASiteWroteEscaped() throws Exception {
        String type = "text/x\u009b2J\u0085forged"; // C1's CSI, and NEL, which some terminals take as a line break
        try (TestSite site = TestSite.builder().page("/", "<a href=/t>t</a>")
                .resource("/t", type, "t".getBytes(StandardCharsets.UTF_8)).start()) {
            String state = tmp.resolve("crawl.db").toString();
            assertEquals(0, CrawlCommandTest.run("crawl", "-q", "--state", state, site.url("/")).exit());

            String text = report("report", state);
            assertPrintable(text);
            assertTrue(text.contains(site.url("/t") + " 200 text/x\\x9B2j\\x85forged "), text); // a type is lowercased

            List<String> jsonl = report("report", "--format", "jsonl", state).lines().toList();
            assertEquals(2, jsonl.size(), jsonl.toString());
            for (String line : jsonl) assertEquals(1, strings(line, "url").size(), line); // parses
            List<CSVRecord> csv = csv(report("report", "--format", "csv", state));
            assertEquals(2, csv.size());
            String csvType = csv.stream().filter(r -> r.get("url").endsWith("/t")).findFirst().orElseThrow()
                    .get("content_type");
            assertEquals("text/x\\x9B2j\\x85forged", csvType);

        }
    }

    @Test
    void reportChangesPrintsEveryFormatToStandardOutput() throws Exception {
        try (TestSite site = TestSite.builder().page("/", "<a href=/t>t</a>").page("/t", "t").start()) {
            String state = tmp.resolve("crawl.db").toString();
            assertEquals(0, CrawlCommandTest.run("crawl", "-q", "--state", state, site.url("/")).exit());
            String changes = report("report", "--changes", state);
            assertTrue(changes.endsWith("Pass 1: 2 new, 0 changed, 0 template-changed, 0 unchanged, 0 not-modified, "
                    + "0 gone, 0 failed, 0 not-revisited\n"), changes);
            List<String> changeLines = report("report", "--changes", "--format", "jsonl", state).lines().toList();
            assertEquals(List.of(site.url("/"), site.url("/t")),
                    changeLines.stream().map(l -> strings(l, "url").getFirst()).toList());
            List<CSVRecord> changeRows = csv(report("report", "--changes", "--format", "csv", state));
            assertEquals(List.of("new", "new"), changeRows.stream().map(r -> r.get("change")).toList());
        }
    }

    /** {@code check}'s four formats over the same site: each parses and lists exactly {@code shown}. */
    private void assertEveryFormat(Set<String> shown, String... args) throws Exception {
        CrawlCommandTest.Run text = check("text", args);
        assertEquals(1, text.exit(), text.out() + text.err());
        assertEquals("", text.err());
        assertPrintable(text.out());
        List<String> lines = text.out().lines().toList();
        assertEquals(shown.size() + 1, lines.size(), text.out());
        Set<String> targets = new TreeSet<>();
        for (String line : lines.subList(0, shown.size())) {
            targets.add(line.substring(line.indexOf(' ') + 1, line.lastIndexOf(", linked from ")));
        }
        assertEquals(shown, targets, text.out());

        CrawlCommandTest.Run json = check("json", args);
        assertEquals(1, json.exit(), json.err());
        assertPrintable(json.out());
        assertEquals(shown, new TreeSet<>(strings(json.out(), "target")), json.out());

        CrawlCommandTest.Run junit = check("junit", args);
        assertEquals(1, junit.exit(), junit.err());
        assertPrintable(junit.out());
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new InputSource(new StringReader(junit.out())));
        NodeList cases = doc.getElementsByTagName("testcase");
        Set<String> names = new TreeSet<>();
        for (int i = 0; i < cases.getLength(); i++) names.add(((Element) cases.item(i)).getAttribute("name"));
        assertEquals(shown, names, junit.out());
        assertEquals(shown.size(), doc.getElementsByTagName("failure").getLength());

        CrawlCommandTest.Run markdown = check("markdown", args);
        assertEquals(1, markdown.exit(), markdown.err());
        assertPrintable(markdown.out());
        List<String> rows = markdown.out().lines().filter(l -> l.startsWith("| ") && !l.startsWith("| Status"))
                .toList();
        Set<String> cells = new TreeSet<>();
        for (String row : rows) cells.add(row.split("\\|")[2].strip().replace("`", "").replace("%7C", "|"));
        assertEquals(shown, cells, markdown.out());
    }

    private static CrawlCommandTest.Run check(String format, String... args) {
        List<String> full = new ArrayList<>(List.of("check", "--format", format));
        full.addAll(List.of(args));
        return CrawlCommandTest.run(full.toArray(String[]::new));
    }

    /** What a real process prints on standard output (a pipe: a file here), checked to exit 0 with nothing said. */
    private String report(String... args) throws Exception {
        LoomcrawlProcess p = LoomcrawlProcess.start(tmp, args);
        assertEquals(0, p.exit(60), p.stderr());
        assertEquals("", p.stderr());
        return p.stdout();
    }

    /** Every character is shown as it is, but line ends (a CRLF's too). */
    private static void assertPrintable(String out) {
        String s = out.replace("\r\n", "\n");
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            boolean shown = cp == '\n' || cp >= 0x20 && cp < 0x7f || cp > 0x9f && Character.isDefined(cp)
                    && Character.getType(cp) != Character.FORMAT && Character.getType(cp) != Character.SURROGATE
                    && (cp & 0xfffe) != 0xfffe && cp != 0x2028 && cp != 0x2029;
            assertTrue(shown, String.format("U+%04X at %d in: %s", cp, i, s));
            i += Character.charCount(cp);
        }
    }

    /** Every string value of the field {@code name} in a JSON document, read with Jackson. */
    private static List<String> strings(String json, String name) {
        List<String> values = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(json)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.VALUE_STRING && name.equals(p.currentName())) values.add(p.getText());
            }
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + json, e);
        }
        return values;
    }

    private static List<CSVRecord> csv(String text) throws Exception {
        try (CSVParser csv = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
                .parse(new StringReader(text))) {
            return csv.getRecords();
        }
    }
}

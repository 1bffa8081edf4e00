package dev.loomcrawl.internal.limits;

import dev.loomcrawl.limits.LimitSettings;
import dev.loomcrawl.reason.DropReason;
import dev.loomcrawl.url.WebUrl;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The guards against crawler traps: sites that generate URLs without end. Each looks at one URL as it is
 * first seen and names the trap it belongs to, or passes it. The path guards catch {@code /a/b/a/b/...} and
 * endless depth; the query guards catch queries that grow, a parameter added again and again, path segments
 * piled up inside the query; the shape guard catches counters that never end ({@code ?month=N+1}).
 */
final class TrapGuards {
    private final LimitSettings s;
    private final UrlShapes shapes;

    TrapGuards(LimitSettings settings) {
        this.s = settings;
        this.shapes = settings.maxUrlsPerShape() >= 0 ? new UrlShapes(UrlShapes.MAX_SHAPES) : null;
    }

    /** The trap ({@code trap-...}) this URL, found at {@code depth}, is in, or null. Counts its shape last. */
    DropReason reason(WebUrl url, int depth) {
        List<String> segments = url.segments();
        if (s.maxPathSegments() >= 0 && segments.size() > s.maxPathSegments()) return DropReason.TRAP_DEEP_PATH;
        if (s.maxSegmentRepeats() >= 0 && mostRepeats(segments) > s.maxSegmentRepeats()) {
            return DropReason.TRAP_REPEATED_SEGMENT;
        }
        String query = url.query();
        if (query != null) {
            if (s.maxQueryParameters() >= 0 && query.split("[&;]").length > s.maxQueryParameters()) {
                return DropReason.TRAP_MANY_PARAMETERS;
            }
            if (s.maxQueryLength() >= 0 && query.length() > s.maxQueryLength()) return DropReason.TRAP_LONG_QUERY;
            if (s.maxParameterRepeats() >= 0 && mostRepeats(parameterNames(query)) > s.maxParameterRepeats()) {
                return DropReason.TRAP_REPEATED_PARAMETER;
            }
            if (s.maxSegmentRepeats() >= 0 && mostRepeats(pathAndQueryPieces(url)) > s.maxSegmentRepeats()) {
                return DropReason.TRAP_REPEATED_SEGMENT_IN_QUERY;
            }
        }
        if (shapes != null && shapes.overLimit(url, depth, s.maxUrlsPerShape())) return DropReason.TRAP_URL_SHAPE;
        return null;
    }

    /** The names of a query's parameters, in order, repeats kept ({@code a=1&b&a=2}: a, b, a). */
    static List<String> parameterNames(String query) {
        return pieces(query, "&;").stream().map(p -> {
            int eq = p.indexOf('=');
            return eq < 0 ? p : p.substring(0, eq);
        }).toList();
    }

    /**
     * The path and query cut into path-like pieces: at {@code / ? & ;} and at an escaped slash {@code %2F}.
     * A parameter stays whole ({@code p=3}), so that only a name with the same value counts as a repeat.
     */
    static List<String> pathAndQueryPieces(WebUrl url) {
        String whole = url.path() + (url.query() == null ? "" : "?" + url.query());
        return pieces(whole.replace("%2F", "/").replace("%2f", "/"), "/?&;");
    }

    private static List<String> pieces(String s, String separators) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= s.length(); i++) {
            if (i == s.length() || separators.indexOf(s.charAt(i)) >= 0) {
                if (i > start) out.add(s.substring(start, i));
                start = i + 1;
            }
        }
        return out;
    }

    /** How often the most frequent non-empty string occurs. */
    static int mostRepeats(List<String> pieces) {
        Map<String, Integer> counts = new HashMap<>();
        int max = 0;
        for (String piece : pieces) {
            if (!piece.isEmpty()) max = Math.max(max, counts.merge(piece, 1, Integer::sum));
        }
        return max;
    }
}

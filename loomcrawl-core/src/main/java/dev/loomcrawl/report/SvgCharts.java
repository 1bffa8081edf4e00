package dev.loomcrawl.report;

import org.jsoup.nodes.Element;

import java.util.List;
import java.util.Locale;
import java.util.function.LongFunction;

/**
 * Inline SVG bar charts, drawn into the report's DOM: horizontal bars for categories, vertical columns for
 * ordered buckets (a histogram, depths). Text is real SVG text, so the browser renders it in the page's font
 * and it can be read, searched and copied; each bar has a tooltip.
 */
final class SvgCharts {
    /** The width of a chart in a half-width panel, in SVG units: about its size on screen, so text stays 12px. */
    static final int WIDTH = 560;
    /** The width of a chart in a full-width panel. */
    static final int WIDE = 1140;
    private static final String BAR = "#4c78c8";

    private SvgCharts() {}

    /** Horizontal bars, one row each, labels on the left and values at the bar's end. */
    static void bars(Element parent, String title, List<ReportData.Bar> bars, LongFunction<String> format) {
        int labelWidth = 150, valueWidth = 90, row = 26, barHeight = 16;
        int height = Math.max(bars.size(), 1) * row + 6;
        Element svg = svg(parent, title, WIDTH, height);
        long max = max(bars);
        if (max == 0) {
            empty(svg, WIDTH, height);
            return;
        }
        double scale = (WIDTH - labelWidth - valueWidth) / (double) max;
        for (int i = 0; i < bars.size(); i++) {
            ReportData.Bar b = bars.get(i);
            int y = i * row + 4;
            int w = b.value() == 0 ? 0 : Math.max(2, (int) Math.round(b.value() * scale));
            text(svg, labelWidth - 10, y + barHeight - 3, "end", "label", shorten(b.label(), 22));
            Element rect = rect(svg, labelWidth, y, w, barHeight, b.color());
            rect.appendElement("title").text(b.label() + ": " + format.apply(b.value()));
            text(svg, labelWidth + w + 6, y + barHeight - 3, "start", "value", format.apply(b.value()));
        }
    }

    /** Vertical columns in the given order, counts on top, labels below, in a chart {@code width} wide. */
    static void columns(Element parent, String title, List<ReportData.Bar> bars, LongFunction<String> format,
                        int width) {
        int height = 210, top = 18, bottom = 178, left = 6;
        Element svg = svg(parent, title, width, height);
        long max = max(bars);
        if (max == 0) {
            empty(svg, width, height);
            return;
        }
        double slot = (width - 2.0 * left) / bars.size();
        double barWidth = Math.min(56, slot * 0.72);
        svg.appendElement("line").attr("x1", Integer.toString(left)).attr("x2", Integer.toString(width - left))
                .attr("y1", Integer.toString(bottom)).attr("y2", Integer.toString(bottom)).attr("class", "axis");
        for (int i = 0; i < bars.size(); i++) {
            ReportData.Bar b = bars.get(i);
            double cx = left + slot * i + slot / 2;
            int h = b.value() == 0 ? 0 : (int) Math.max(2, Math.round(b.value() * (bottom - top) / (double) max));
            Element rect = rect(svg, cx - barWidth / 2, bottom - h, barWidth, h, b.color());
            rect.appendElement("title").text(b.label() + ": " + format.apply(b.value()));
            if (b.value() > 0) text(svg, cx, bottom - h - 5, "middle", "value", format.apply(b.value()));
            text(svg, cx, bottom + 16, "middle", "label", b.label());
        }
    }

    /**
     * A ring of the shares of each bar (a donut chart), the total in the middle, and a legend with counts and
     * percentages. Bars of zero are in the legend only.
     */
    static void donut(Element parent, String title, List<ReportData.Bar> bars, LongFunction<String> format) {
        int height = 210;
        double cx = 105, cy = 105, r = 72, stroke = 30, circumference = 2 * Math.PI * r;
        Element svg = svg(parent, title, WIDTH, height);
        long total = 0;
        for (ReportData.Bar b : bars) total += b.value();
        if (total == 0) {
            empty(svg, WIDTH, height);
            return;
        }
        double done = 0;
        for (ReportData.Bar b : bars) {
            if (b.value() == 0) continue;
            double share = b.value() / (double) total;
            Element arc = svg.appendElement("circle").attr("cx", num(cx)).attr("cy", num(cy)).attr("r", num(r))
                    .attr("fill", "none").attr("stroke", b.color() == null ? BAR : b.color())
                    .attr("stroke-width", num(stroke))
                    .attr("stroke-dasharray", num(share * circumference) + " " + num(circumference))
                    .attr("stroke-dashoffset", num(-done * circumference))
                    .attr("transform", "rotate(-90 " + num(cx) + " " + num(cy) + ")");
            arc.appendElement("title").text(b.label() + ": " + format.apply(b.value()));
            done += share;
        }
        text(svg, cx, cy + 2, "middle", "total", format.apply(total));
        text(svg, cx, cy + 20, "middle", "label", "URLs");
        int row = 26, y0 = (int) (cy - bars.size() * row / 2.0);
        for (int i = 0; i < bars.size(); i++) {
            ReportData.Bar b = bars.get(i);
            int y = y0 + i * row;
            rect(svg, 236, y + 4, 14, 14, b.color());
            text(svg, 260, y + 16, "start", "label", b.label());
            text(svg, 420, y + 16, "end", "label", format.apply(b.value()));
            text(svg, 480, y + 16, "end", "value",
                    String.format(Locale.ROOT, "%.1f%%", 100.0 * b.value() / total));
        }
    }

    private static Element svg(Element parent, String title, int width, int height) {
        Element svg = parent.appendElement("svg").attr("viewBox", "0 0 " + width + " " + height)
                .attr("width", "100%").attr("role", "img").attr("aria-label", title)
                .attr("xmlns", "http://www.w3.org/2000/svg");
        svg.appendElement("title").text(title);
        return svg;
    }

    /** A bar with rounded corners; {@code color} null is the default blue. */
    private static Element rect(Element svg, double x, double y, double width, double height, String color) {
        return svg.appendElement("rect").attr("x", num(x)).attr("y", num(y)).attr("width", num(width))
                .attr("height", num(height)).attr("rx", "3").attr("fill", color == null ? BAR : color);
    }

    private static void empty(Element svg, int width, int height) {
        text(svg, width / 2.0, height / 2.0, "middle", "label", "no data");
    }

    private static void text(Element svg, double x, double y, String anchor, String cls, String content) {
        svg.appendElement("text").attr("x", num(x)).attr("y", num(y)).attr("text-anchor", anchor)
                .attr("class", cls).text(content);
    }

    private static long max(List<ReportData.Bar> bars) {
        long max = 0;
        for (ReportData.Bar b : bars) max = Math.max(max, b.value());
        return max;
    }

    private static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "\u2026";
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}

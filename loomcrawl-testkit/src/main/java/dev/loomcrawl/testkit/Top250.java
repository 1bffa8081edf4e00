package dev.loomcrawl.testkit;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A site in the shape of the seed's scraping example: a list of 250 films over ten pages,
 * {@code /top250?start=0} to {@code ?start=225}, 25 entries each, each with a title in
 * {@code span.title}, a second title variant in a second {@code span.title}, a rating, and links to a detail
 * page and a poster; pagination by {@code ?start=N} links in {@code div.paginator}. The seed's XPath
 * {@code //*[@id="content"]/div/div[1]/ol/li} finds the entries.
 */
public final class Top250 {
    private Top250() {}

    public static final int FILMS = 250;
    public static final int PER_PAGE = 25;

    /** The title of film {@code n} (1-based), as a scraper should read it (whitespace normalised). */
    public static String title(int n) {
        return "Film Number " + n;
    }

    public static String originalTitle(int n) {
        return "/ Original Title " + n;
    }

    public static String rating(int n) {
        return String.format(Locale.ROOT, "%.1f", 9.9 - (n % 40) / 10.0);
    }

    /** The list pages and the detail pages, by path and query. */
    public static Map<String, String> pages() {
        Map<String, String> pages = new LinkedHashMap<>();
        for (int start = 0; start < FILMS; start += PER_PAGE) {
            pages.put("/top250?start=" + start, listPage(start));
        }
        for (int n = 1; n <= FILMS; n++) {
            pages.put("/subject/" + n + "/", "<html><body><h1>" + title(n) + "</h1><a href=/top250?start=0>back</a>"
                    + "</body></html>");
        }
        return pages;
    }

    private static String listPage(int start) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html><html><head><title>Top 250</title></head><body>"
                + "<div id=\"wrapper\"><div id=\"content\"><h1>Top 250</h1>"
                + "<div class=\"grid-16-8 clearfix\"><div class=\"article\"><ol class=\"grid_view\">\n");
        for (int n = start + 1; n <= start + PER_PAGE; n++) {
            sb.append("<li><div class=\"item\"><div class=\"pic\"><em>").append(n).append("</em>")
                    .append("<a href=\"/subject/").append(n).append("/\"><img src=\"/img/").append(n)
                    .append(".jpg\" alt=\"poster\"></a></div><div class=\"info\"><div class=\"hd\">")
                    .append("<a href=\"/subject/").append(n).append("/\">")
                    .append("<span class=\"title\">\n      Film  Number ").append(n).append("\n    </span>")
                    .append("<span class=\"title\">&nbsp;/&nbsp;Original Title ").append(n).append("</span></a>")
                    .append("</div><div class=\"bd\"><span class=\"rating_num\">").append(rating(n))
                    .append("</span></div></div></div></li>\n");
        }
        sb.append("</ol><div class=\"paginator\">");
        for (int s = 0; s < FILMS; s += PER_PAGE) {
            if (s == start) sb.append("<span class=\"thispage\">").append(s / PER_PAGE + 1).append("</span>");
            else sb.append("<a href=\"?start=").append(s).append("\">").append(s / PER_PAGE + 1).append("</a>");
        }
        sb.append("</div></div><div class=\"aside\"><a href=\"/about\">about</a></div></div></div></div></body></html>");
        return sb.toString();
    }
}

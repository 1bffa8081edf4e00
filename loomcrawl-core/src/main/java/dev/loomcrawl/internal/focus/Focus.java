package dev.loomcrawl.internal.focus;

import dev.loomcrawl.content.TextEmbedder;
import dev.loomcrawl.extract.Assets;
import dev.loomcrawl.extract.Link;
import dev.loomcrawl.frontier.Visit;
import dev.loomcrawl.result.FocusReport;
import dev.loomcrawl.url.WebUrl;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A focused crawl's judge of relevance. A link's priority (the order its origin's queue hands it out in) weighs, as
 * shares of the question's words: its anchor text, the text around it and the headings it falls under
 * ({@link LinkContexts}), its URL's words, and the linking page's relevance, inherited and decayed with distance.
 * A page's relevance is its best passage's: the largest share of the question's words in one paragraph of its main
 * text. With an embedding model ({@link Meaning}), a page's title and opening and its links' texts are judged by
 * their closeness in meaning to the question too. The crawl stops early ({@link #pageRead}'s answer) once {@code patience} pages in a row brought no passage
 * more relevant than the best {@link #KEPT} found. Safe for many threads.
 */
public final class Focus {
    static final float ANCHOR = 4f;
    /**
     * The anchor text's closeness in meaning to the question (judged by the model), beside its words': the anchor
     * text with its description, when the link has one ({@link LinkContexts}: a name's row in an index or table).
     */
    static final float ANCHOR_MEANING = 2f;
    /**
     * Link texts of one page judged by meaning at most (those the words rank first, then in the page's order; texts
     * judged before, on other pages, not counted): the model takes about 8 ms a text, and a page of the JDK's API
     * links to a hundred classes.
     */
    static final int MEANING_PER_PAGE = 48;
    /** A page's links are judged by meaning when it is this close to the most relevant page read, or near a root. */
    static final float MEANING_SHARE = 0.75f;
    static final float AROUND = 1.5f;
    static final float HEADINGS = 1f;
    static final float URL = 1.5f;
    static final float INHERITED = 2f;
    /** What a page's relevance is worth to the pages it links to, a step further away. */
    static final float DECAY = 0.5f;
    static final float MAX = ANCHOR + ANCHOR_MEANING + AROUND + HEADINGS + URL + INHERITED;
    /**
     * The priority of what a page loads or shows (a stylesheet, a script, an image, a font, media): below every
     * page's, since it cannot answer a question, and never taken to explore ({@code OriginVisits.BestFirst}). It is
     * still fetched, as the crawl's settings say, once the pages before it are.
     */
    public static final float ASSET = -1f;
    /** The best passages kept: a page adds one when it beats the worst of them. */
    static final int KEPT = 5;
    /** Pages listed in the report. */
    static final int BEST_PAGES = 10;

    private final Question question;
    private final Meaning meaning; // null: words only
    private final int patience;
    private final ReentrantLock lock = new ReentrantLock();
    private final PriorityQueue<Float> bestPassages = new PriorityQueue<>();
    private final PriorityQueue<FocusReport.Page> bestPages = new PriorityQueue<>(
            Comparator.comparingDouble(FocusReport.Page::relevance));
    private long pagesRead;
    private volatile float mostRelevant;
    private int withoutBetter;
    private boolean settled;

    /**
     * {@code patience}: pages in a row without a better passage before the crawl stops (-1: never); {@code model}:
     * judge by meaning too, with the embedding model installed ({@link TextEmbedder#installed()}), if there is one.
     */
    public Focus(String question, int patience, boolean model) {
        this(question, patience, model ? Meaning.of(question).orElse(null) : null);
    }

    Focus(String question, int patience, Meaning meaning) {
        this.question = new Question(question);
        this.meaning = meaning;
        this.patience = patience;
    }

    /** Whether pages and links are judged by meaning too (a model is installed and wanted). */
    public boolean byMeaning() {
        return meaning != null;
    }

    /**
     * How relevant a page is (0 to 1): its best paragraph's share of the question's words, or, judged by meaning,
     * how close its title and the start of its main text are to the question, whichever is more.
     */
    public float relevance(String title, String mainText) {
        float best = 0;
        if (mainText != null) {
            for (String passage : mainText.split("\n\\s*\n")) {
                best = Math.max(best, question.coverage(passage));
                if (best == 1f) break;
            }
        }
        if (meaning != null && (title != null || mainText != null)) {
            String start = mainText == null ? "" : mainText.length() > Meaning.MAX_CHARS
                    ? mainText.substring(0, Meaning.MAX_CHARS) : mainText;
            best = Math.max(best, meaning.closeness(title == null || start.startsWith(title) ? start
                    : title + "\n" + start));
        }
        return best;
    }

    /**
     * The priorities of the links of a page read: {@code from} its visit, {@code html} its text (null for a sitemap
     * or stylesheet), {@code relevance} its own.
     */
    public Priorities priorities(Visit from, String html, float relevance) {
        // the linking page's worth: its own relevance, or what its own links' priority said of it, decayed
        float inherited = Math.max(relevance, DECAY * Math.min(1f, from.priority() / (ANCHOR + INHERITED)));
        Map<String, LinkContexts.Context> contexts = html == null ? Map.of()
                : LinkContexts.of(html, from.url().toString());
        boolean byMeaning = meaning != null && (from.depth() <= 1 || relevance >= MEANING_SHARE * mostRelevant);
        return links -> {
            float[] out = new float[links.size()];
            String[] texts = new String[links.size()]; // what the model judges of each link
            for (int i = 0; i < out.length; i++) {
                Link link = links.get(i);
                WebUrl target = link.target();
                if (target == null) continue;
                if (Assets.byLink(link)) {
                    out[i] = ASSET;
                    continue;
                }
                LinkContexts.Context c = contexts.get(target.toString());
                float p = ANCHOR * question.coverage(link.text())
                        + URL * question.coverage(new HashSet<>(Question.words(target.path(), false)))
                        + INHERITED * inherited;
                if (c != null) p += AROUND * question.coverage(c.around()) + HEADINGS * question.coverage(c.headings());
                out[i] = p;
                texts[i] = link.text() == null || link.text().isBlank() ? null
                        : c == null || c.description().isEmpty() ? link.text()
                        : link.text() + ": " + firstSentence(c.description());
            }
            if (byMeaning) {
                // the model's budget goes to the links the words rank first, then in the page's order
                Integer[] order = new Integer[out.length];
                for (int i = 0; i < order.length; i++) order[i] = i;
                Arrays.sort(order, (x, y) -> Float.compare(out[y], out[x]));
                List<String> ranked = new ArrayList<>(order.length);
                for (int i : order) ranked.add(texts[i]);
                Map<String, Float> close = meaning.closeness(ranked, MEANING_PER_PAGE);
                for (int i = 0; i < out.length; i++) {
                    if (texts[i] != null) out[i] += ANCHOR_MEANING * close.getOrDefault(texts[i], 0f);
                }
            }
            return out;
        };
    }

    /** A description's first sentence, what the model judges of it (the model's time grows with a text's length). */
    static String firstSentence(String text) {
        int end = text.indexOf(". ");
        return end < 0 ? text : text.substring(0, end + 1);
    }

    /** The priorities of a page's new links, in one go (judged by meaning, their texts are embedded together). */
    @FunctionalInterface
    public interface Priorities {
        float[] of(List<Link> links);
    }

    /**
     * Counts a page read with this relevance; true when the crawl should stop: {@code patience} pages in a row
     * brought no passage more relevant than the best found.
     */
    public boolean pageRead(WebUrl url, float relevance) {
        lock.lock();
        try {
            pagesRead++;
            mostRelevant = Math.max(mostRelevant, relevance);
            bestPages.add(new FocusReport.Page(url.toString(), relevance));
            if (bestPages.size() > BEST_PAGES) bestPages.poll();
            boolean better = relevance > 0 && (bestPassages.size() < KEPT || relevance > bestPassages.peek());
            if (better) {
                bestPassages.add(relevance);
                if (bestPassages.size() > KEPT) bestPassages.poll();
                withoutBetter = 0;
            } else {
                withoutBetter++;
            }
            if (patience > 0 && withoutBetter >= patience && !settled) settled = true;
            return settled;
        } finally {
            lock.unlock();
        }
    }

    /** What the focused crawl came to so far. */
    public FocusReport report() {
        lock.lock();
        try {
            List<FocusReport.Page> best = new ArrayList<>(bestPages);
            best.sort(Comparator.comparingDouble(FocusReport.Page::relevance).reversed()
                    .thenComparing(FocusReport.Page::url));
            return new FocusReport(question.text(), settled, patience, pagesRead, best);
        } finally {
            lock.unlock();
        }
    }
}

package dev.loomcrawl.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How a usage error is said: its one line, with a guess at what was meant for a mistyped option or command
 * ({@code Unknown option: '--max-page'; did you mean --max-pages?}), then where the help is. The usage itself is
 * not printed: a command's runs to 34 lines, which scroll the error off an 80x24 terminal. {@code loomcrawl} alone
 * is the one exception: its usage lists the commands (15 lines), and the error line follows it. A refused setting
 * comes here already naming its option: {@link OptionNames} words it where its exception is caught, typed.
 */
final class UsageErrors {
    private UsageErrors() {}

    /** Prints the error and returns the exit code of a usage error. */
    static int handle(CommandLine.ParameterException e) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        CommandSpec spec = cmd.getCommandSpec();
        if (e instanceof Main.BadInput) {
            err.println("loomcrawl: " + e.getMessage());
        } else if (spec.parent() == null && e instanceof CommandLine.UnmatchedArgumentException u
                && !u.isUnknownOption() && !u.getUnmatched().isEmpty()) {
            String word = u.getUnmatched().getFirst();
            err.println("'" + word + "' is not a loomcrawl command" + didYouMean(word, commands(spec)));
            err.println("See 'loomcrawl --help' for the commands.");
        } else if (spec.parent() == null && cmd.getParseResult() != null
                && cmd.getParseResult().originalArgs().isEmpty()) {
            err.print(cmd.getUsageMessage()); // a first try: what the commands are, then what is missing
            err.println(e.getMessage());
        } else {
            String message = e.getMessage();
            if (e instanceof CommandLine.UnmatchedArgumentException u && u.isUnknownOption()
                    && !u.getUnmatched().isEmpty()) {
                message += didYouMean(u.getUnmatched().getFirst(), options(spec));
            }
            err.println(message);
            err.println("See '" + spec.qualifiedName() + " --help' for " + (spec.parent() == null ? "the commands."
                    : "its options."));
        }
        err.flush();
        return e instanceof Main.BadInput ? Main.USAGE : spec.exitCodeOnInvalidInput();
    }

    /** "; did you mean --max-pages?": the closest of {@code names} to {@code typed}, or "" when none is close. */
    static String didYouMean(String typed, Set<String> names) {
        int eq = typed.indexOf('=');
        String word = typed.startsWith("-") && eq > 0 ? typed.substring(0, eq) : typed; // --max-page=5
        List<String> best = closest(word, names);
        if (best.isEmpty() && word.contains(".") && !word.startsWith("-")) {
            return "; to crawl it: loomcrawl crawl " + GoOn.word(word); // loomcrawl example.com
        }
        if (best.isEmpty()) return "";
        return "; did you mean " + String.join(" or ", best) + "?";
    }

    /**
     * The names nearest {@code word} by edit distance (a letter added, removed, changed, or two swapped), at most a
     * third of its letters away (one for short words); else those it begins (an option cut short); three at most.
     */
    static List<String> closest(String word, Set<String> names) {
        String bare = word.replaceFirst("^-+", "");
        if (bare.length() < 3) return List.of(); // -x: every short option is as near
        int most = Math.max(1, bare.length() / 3);
        int least = Integer.MAX_VALUE;
        List<String> best = new ArrayList<>();
        for (String name : names) {
            int d = distance(word, name);
            if (d > most || d > least) continue;
            if (d < least) best.clear();
            least = d;
            if (best.size() < 3) best.add(name);
        }
        if (!best.isEmpty() || bare.length() < 3) return best;
        for (String name : names) {
            if (name.startsWith(word) && best.size() < 3) best.add(name);
        }
        return best;
    }

    /** The optimal string alignment distance between {@code a} and {@code b}. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** The command's option names, long and short, in the order help lists them. */
    private static Set<String> options(CommandSpec spec) {
        Set<String> names = new LinkedHashSet<>();
        for (OptionSpec option : spec.options()) {
            if (!option.hidden()) names.addAll(List.of(option.names()));
        }
        return names;
    }

    /** The commands help lists. */
    private static Set<String> commands(CommandSpec spec) {
        Set<String> names = new LinkedHashSet<>();
        spec.subcommands().forEach((name, sub) -> {
            if (!sub.getCommandSpec().usageMessage().hidden()) names.add(name);
        });
        return names;
    }
}

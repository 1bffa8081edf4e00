package dev.loomcrawl.serve;

import dev.loomcrawl.state.StateException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Why a job failed, as its callers are told it (its status, the jobs page, a {@code failed} webhook): in one line,
 * naming none of the server's files and giving no command-line advice, which is the operator's business, not a
 * caller's. The job's folder is "the job's folder", the data directory "the data folder", any other absolute path "a
 * file of the server"; a part of the message that tells to run a command or give an option is left out. The server's
 * log keeps the whole message.
 */
final class JobErrors {
    /** An absolute path, not the path of a URL (which follows its host). */
    private static final Pattern PATH = Pattern.compile("(?<![\\w:/.%-])/(?:[^\\s/:'\",;()]+/)*[^\\s/:'\",;()]+");
    /** A command line's advice: an option, or a loomcrawl command. */
    private static final Pattern ADVICE = Pattern.compile("(?:^|\\s|')--[a-z]|\\bloomcrawl [a-z]+");

    private JobErrors() {}

    /** The caller's line for {@code failure} of job {@code id}, whose folder is {@code jobDir} in {@code data}. */
    static String spoken(Throwable failure, Path data, Path jobDir) {
        String message = message(failure);
        message = message.replace(jobDir.toAbsolutePath().toString(), "the job's folder")
                .replace(data.toAbsolutePath().toString(), "the data folder");
        message = PATH.matcher(message).replaceAll("a file of the server");
        List<String> kept = new ArrayList<>();
        for (String part : message.split("(?<=[.;:]) ")) {
            if (!ADVICE.matcher(part).find()) kept.add(part);
        }
        String line = String.join(" ", kept).strip();
        if (line.endsWith(":") || line.endsWith(";")) line = line.substring(0, line.length() - 1);
        return line.isEmpty() ? "the job failed; the server's log says why" : line;
    }

    /** The failure's first line, a state's without its advice to resume from a file. */
    private static String message(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof StateException s && s.resumeFrom() != null) return firstLine(s.withoutAdvice());
        }
        return firstLine(failure.getMessage() == null ? "" : failure.getMessage()); // no class name: the log has it
    }

    private static String firstLine(String m) {
        return m.lines().findFirst().orElse(m);
    }
}

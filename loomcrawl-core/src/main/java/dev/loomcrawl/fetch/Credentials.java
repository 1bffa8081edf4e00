package dev.loomcrawl.fetch;

import dev.loomcrawl.files.InputFile;
import org.eclipse.jetty.client.Authentication;
import org.eclipse.jetty.client.AuthenticationStore;
import org.eclipse.jetty.client.BasicAuthentication;
import org.eclipse.jetty.client.DigestAuthentication;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * User names and passwords for HTTP authentication (Basic and Digest, which Jetty's client answers when a
 * server challenges with 401), each for one host, or one host and port. They are given only to the server they
 * belong to: a request to any other host or port, a redirect's target included, carries none. After a success
 * the answer is sent with later requests to the same origin at once, without a challenge first.
 */
public final class Credentials implements AuthenticationStore {
    /** One host's user name and password; {@code port} -1 for every port of the host (as curl's .netrc). */
    public record Credential(String host, int port, String user, String password) {
        public Credential {
            host = host.toLowerCase(Locale.ROOT);
            Objects.requireNonNull(user);
            Objects.requireNonNull(password);
        }

        boolean covers(URI uri) {
            String h = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
            if (h.startsWith("[")) h = h.substring(1, h.length() - 1);
            return h.equals(host) && (port < 0 || port == effectivePort(uri));
        }

        @Override
        public String toString() { // never the password
            return user + "@" + host + (port < 0 ? "" : ":" + port);
        }
    }

    private final List<Credential> credentials;
    private final Map<String, Authentication.Result> results = new ConcurrentHashMap<>();

    public Credentials(List<Credential> credentials) {
        this.credentials = List.copyOf(credentials);
    }

    public List<Credential> list() {
        return credentials;
    }

    /**
     * Reads a {@code .netrc} file (curl's {@code --netrc-file}): {@code machine HOST[:PORT] login USER password
     * PASS} entries, separated by spaces or line breaks; {@code account} and {@code macdef} are skipped, and so
     * is {@code default}, whose credentials would go to every server. A file other users may read or change is
     * refused, as ssh refuses a private key and Python's netrc module a ~/.netrc: its passwords are no longer
     * secret, or no longer the user's ({@code chmod 600} it). A malformed file throws
     * {@link IllegalArgumentException} saying where; a password never appears in the message.
     */
    public static List<Credential> readNetrc(Path file) {
        refuseShared(file);
        String text;
        try {
            text = InputFile.NETRC.read(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the netrc file " + file + ": " + e.getMessage());
        }
        List<Credential> out = new ArrayList<>();
        String[] lines = text.split("\r?\n");
        String machine = null;
        String user = null;
        String password = null;
        boolean skipping = false; // inside a macdef, which ends at an empty line
        List<String> tokens = new ArrayList<>();
        for (String line : lines) {
            if (skipping) {
                if (line.isBlank()) skipping = false;
                continue;
            }
            if (line.strip().startsWith("#")) continue;
            for (String t : line.strip().split("\\s+")) if (!t.isEmpty()) tokens.add(t);
            if (tokens.contains("macdef")) {
                tokens.subList(tokens.indexOf("macdef"), tokens.size()).clear();
                skipping = true;
            }
        }
        for (int i = 0; i < tokens.size(); i++) {
            String key = tokens.get(i);
            switch (key) {
                case "machine", "default" -> {
                    add(out, machine, user, password, file);
                    machine = key.equals("default") ? null : value(tokens, ++i, key, file);
                    user = null;
                    password = null;
                }
                case "login" -> user = value(tokens, ++i, key, file);
                case "password" -> password = value(tokens, ++i, key, file);
                case "account" -> value(tokens, ++i, key, file);
                default -> throw new IllegalArgumentException("the netrc file " + file + " has an unknown word: "
                        + (key.length() > 20 ? key.substring(0, 20) + "..." : key));
            }
        }
        add(out, machine, user, password, file);
        return out;
    }

    /** Refuses a netrc whose group or others may read or write it (where permissions are POSIX ones). */
    private static void refuseShared(Path file) {
        Set<PosixFilePermission> permissions;
        try {
            permissions = Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException | IOException e) {
            return; // not a POSIX file system; or unreadable, which reading it says
        }
        if (permissions.contains(PosixFilePermission.GROUP_READ) || permissions.contains(PosixFilePermission.OTHERS_READ)
                || permissions.contains(PosixFilePermission.GROUP_WRITE)
                || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
            throw new IllegalArgumentException("the netrc file " + file + " holds passwords but other users may read "
                    + "or change it (" + PosixFilePermissions.toString(permissions) + "): chmod 600 " + file);
        }
    }

    private static String value(List<String> tokens, int i, String key, Path file) {
        if (i >= tokens.size()) throw new IllegalArgumentException("the netrc file " + file + " ends after '" + key + "'");
        return tokens.get(i);
    }

    private static void add(List<Credential> out, String machine, String user, String password, Path file) {
        if (machine == null) return;
        if (user == null || password == null) {
            throw new IllegalArgumentException("the netrc file " + file + " has no login or no password for "
                    + machine);
        }
        int colon = machine.lastIndexOf(':');
        boolean hasPort = colon > 0 && !machine.endsWith("]") && machine.indexOf(':') == colon;
        int port = -1;
        if (hasPort) {
            try {
                port = Integer.parseInt(machine.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the netrc file " + file + " has a bad port: " + machine);
            }
        }
        String host = hasPort ? machine.substring(0, colon) : machine;
        if (host.startsWith("[") && host.endsWith("]")) host = host.substring(1, host.length() - 1);
        out.add(new Credential(host, port, user, password));
    }

    /** Basic or Digest credentials for a challenge from {@code uri}, or null when none belong to it. */
    @Override
    public Authentication findAuthentication(String type, URI uri, String realm) {
        for (Credential c : credentials) {
            if (!c.covers(uri)) continue;
            URI origin = URI.create(uri.getScheme() + "://" + uri.getRawAuthority());
            if (type.equalsIgnoreCase("basic")) {
                return new BasicAuthentication(origin, Authentication.ANY_REALM, c.user(), c.password());
            }
            if (type.equalsIgnoreCase("digest")) {
                return new DigestAuthentication(origin, Authentication.ANY_REALM, c.user(), c.password());
            }
        }
        return null;
    }

    /** An answer that worked, sent from now on with every request to its origin. */
    @Override
    public void addAuthenticationResult(Authentication.Result result) {
        results.put(originKey(result.getURI()), result);
    }

    @Override
    public void removeAuthenticationResult(Authentication.Result result) {
        results.remove(originKey(result.getURI()), result);
    }

    @Override
    public void clearAuthenticationResults() {
        results.clear();
    }

    @Override
    public Authentication.Result findAuthenticationResult(URI uri) {
        return uri.getHost() == null ? null : results.get(originKey(uri));
    }

    @Override
    public boolean hasAuthenticationResults() {
        return !results.isEmpty();
    }

    @Override
    public void addAuthentication(Authentication authentication) {
        throw new UnsupportedOperationException("credentials are given when the fetcher is built");
    }

    @Override
    public void removeAuthentication(Authentication authentication) {
        throw new UnsupportedOperationException("credentials are given when the fetcher is built");
    }

    /**
     * Jetty calls this as its client stops: the credentials stay (they are the fetcher's configuration, and nothing
     * is held open for them). Throwing here used to fail the stop, leaving connections open and Jetty's threads
     * running after {@code JettyFetcher.close()}.
     */
    @Override
    public void clearAuthentications() {
    }

    private static String originKey(URI uri) {
        return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getHost().toLowerCase(Locale.ROOT) + ":"
                + effectivePort(uri);
    }

    private static int effectivePort(URI uri) {
        if (uri.getPort() >= 0) return uri.getPort();
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }
}

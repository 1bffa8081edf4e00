package dev.loomcrawl.cli;

import picocli.CommandLine;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Option value converters: durations ("500ms", "10s", "2m", "1h", "1d", or ISO "PT10S") and sizes ("10MiB", "512k"). */
final class Converters {
    private Converters() {}

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|d)?");
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmgt]?)(i?b)?");

    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            String v = value.trim().toLowerCase(Locale.ROOT);
            if (v.startsWith("pt")) return Duration.parse(value.trim());
            Matcher m = DURATION.matcher(v);
            if (!m.matches()) throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a duration (examples: 500ms, 10s, 2m)");
            double n = Double.parseDouble(m.group(1));
            String unit = m.group(2) == null ? "s" : m.group(2);
            double millis = switch (unit) {
                case "ms" -> n;
                case "m" -> n * 60_000;
                case "h" -> n * 3_600_000;
                case "d" -> n * 86_400_000;
                default -> n * 1000;
            };
            return Duration.ofMillis(Math.round(millis));
        }
    }

    static final class SizeConverter implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            Matcher m = SIZE.matcher(value.trim().toLowerCase(Locale.ROOT));
            if (!m.matches()) throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a size (examples: 1048576, 512KiB, 10MiB, 1G)");
            int shift = switch (m.group(2)) {
                case "k" -> 10;
                case "m" -> 20;
                case "g" -> 30;
                case "t" -> 40;
                default -> 0;
            };
            return Long.parseLong(m.group(1)) << shift;
        }
    }

    /** HOST:PORT (a name, an IPv4 address, or an IPv6 one in brackets), for a server to listen on. */
    static final class AddressConverter implements CommandLine.ITypeConverter<InetSocketAddress> {
        @Override
        public InetSocketAddress convert(String value) {
            int colon = value.lastIndexOf(':');
            String host = colon <= 0 ? "" : value.substring(0, colon).replaceAll("^\\[(.*)]$", "$1");
            String port = colon < 0 ? "" : value.substring(colon + 1);
            if (host.isEmpty() || !port.matches("\\d{1,5}") || Integer.parseInt(port) > 65535) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not HOST:PORT (examples: "
                        + "127.0.0.1:9400, 0.0.0.0:9400, localhost:9400)");
            }
            return InetSocketAddress.createUnresolved(host, Integer.parseInt(port));
        }
    }
}

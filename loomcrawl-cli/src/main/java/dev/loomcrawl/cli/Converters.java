package dev.loomcrawl.cli;

import dev.loomcrawl.config.Units;
import picocli.CommandLine;

import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * Option value converters: durations ("500ms", "10s", "2m", "1h", "1d", or ISO "PT10S") and sizes ("10MiB", "512k"),
 * read as the JSON form of a configuration reads them ({@link Units}).
 */
final class Converters {
    private Converters() {}

    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return Units.duration(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class SizeConverter implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return Units.size(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    /**
     * Every int and long option's values: "'ten' is not a whole number", and one too large says its bound, in the
     * words a user means rather than Java's type names ({@link #wholeNumbers}).
     */
    static final class WholeNumber implements CommandLine.ITypeConverter<Long> {
        private final long max;

        WholeNumber(long max) {
            this.max = max;
        }

        @Override
        public Long convert(String value) {
            String v = value.strip().replace("_", "");
            if (!v.matches("[+-]?[0-9]+")) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a whole number");
            }
            try {
                long n = Long.parseLong(v);
                if (n > max || n < -max - 1) throw new NumberFormatException();
                return n;
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is too large (at most " + max + ")");
            }
        }
    }

    /** A {@link WholeNumber} that fits an int. A class, not a lambda, as Main's (decision 21). */
    static final class IntNumber implements CommandLine.ITypeConverter<Integer> {
        private final WholeNumber bounded = new WholeNumber(Integer.MAX_VALUE);

        @Override
        public Integer convert(String value) {
            return bounded.convert(value).intValue();
        }
    }

    /** Registers {@link WholeNumber} for int and long on {@code cli} and the subcommands it has now. */
    static void wholeNumbers(CommandLine cli) {
        WholeNumber longs = new WholeNumber(Long.MAX_VALUE);
        IntNumber asInt = new IntNumber();
        cli.registerConverter(Integer.class, asInt).registerConverter(int.class, asInt)
                .registerConverter(Long.class, longs).registerConverter(long.class, longs);
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

    /** HOST:PORT as {@link AddressConverter} reads it, kept as written. */
    static final class HostPortConverter implements CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String value) {
            new AddressConverter().convert(value);
            return value;
        }
    }
}

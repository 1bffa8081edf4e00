package dev.loomcrawl.fetch;

import java.io.IOException;

/** The address a host resolved to is one the {@link AddressGuard} does not allow. */
final class AddressBlockedException extends IOException {
    AddressBlockedException(String message) {
        super(message);
    }
}

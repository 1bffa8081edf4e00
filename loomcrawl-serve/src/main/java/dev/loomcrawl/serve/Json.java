package dev.loomcrawl.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.UncheckedIOException;

/** The service's one JSON mapper, with bounds on what a request body may hold. */
final class Json {
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    static {
        MAPPER.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(16)
                .maxStringLength(1 << 20).maxNumberLength(40).build());
    }

    private Json() {}

    /** A request body as JSON, or a 400 saying where it is not JSON. */
    static JsonNode read(byte[] body) {
        if (body.length == 0) throw ApiError.badRequest("the request body is empty; send a JSON object");
        try {
            return MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            String what = e.getOriginalMessage().lines().findFirst().orElse("");
            if (what.length() > 200) what = what.substring(0, 200) + "...";
            return bad("the request body is not JSON: " + what + (e.getLocation() == null ? ""
                    : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")"));
        } catch (java.io.IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode bad(String message) {
        throw ApiError.badRequest(message);
    }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static byte[] bytes(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

package dev.loomcrawl.output.lines;

import java.util.function.Function;

/**
 * One field of a line-per-item output: its name (the JSON key and the CSV header) and how to read it from an
 * item. Values are a String, an Integer, a Long, a Double, a Boolean, a List of those (JSON Lines only: an array)
 * or null; the JSON and CSV encoders share
 * one list of columns, so the two formats cannot drift apart.
 */
public record Column<T>(String name, Function<T, Object> value) {}

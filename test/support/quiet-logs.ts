// Tests assert on responses, not on log lines; set LOG_LEVEL=INFO to see them.
process.env.LOG_LEVEL ??= 'SILENT';

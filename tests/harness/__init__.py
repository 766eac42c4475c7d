"""Test harness: real Voila servers, a real Chromium, real notebook execution."""

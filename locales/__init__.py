"""Gettext catalogs and term tables (data only). English is the source locale."""

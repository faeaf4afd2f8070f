"""Fuzzing campaigns: differential lockstep play split into deterministic shards
(:mod:`~conformance.campaign.shards`), played on Dask workers
(:mod:`~conformance.campaign.worker`, :mod:`~conformance.campaign.driver`) and merged into
the usual reports plus a campaign summary (:mod:`~conformance.campaign.report`)."""

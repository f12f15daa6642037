"""Content analysis shared by `runeforge check`, the language server and the authoring page.

See :class:`runeforge.analysis.service.AnalysisService`.
"""

from .service import AnalysisService, key_of

__all__ = ["AnalysisService", "key_of"]

"""Regional forms that do not belong in a catalog: European Portuguese in a Brazilian one.

The site's Portuguese is Brazilian (`Language: pt_BR` in `locales/pt.po`). A translator used to
European Portuguese slips in forms that a Brazilian reader notices at once; each listed here is
one that Brazilian Portuguese does not use, with the form to write instead.
"""

from __future__ import annotations

import re

from babel.messages.catalog import Catalog

from patience_gen.i18n.translate import Problem

EUROPEAN_ONLY: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\ba (carregar|procurar|jogar|pensar)\b", re.IGNORECASE),
     "'a' + infinitive for an action under way; write the gerund ('carregando')"),
    (re.compile(r"\bpeg(a|ue|ar) numa?\b", re.IGNORECASE), "'pegar num(a)'; write 'pegar um(a)'"),
    (re.compile(r"\bdestapad[ao]s?\b", re.IGNORECASE), "'destapado'; write 'descoberto'"),
    (re.compile(r"\bficheiros?\b", re.IGNORECASE), "'ficheiro'; write 'arquivo'"),
    (re.compile(r"\becrã\b", re.IGNORECASE), "'ecrã'; write 'tela'"),
    (re.compile(r"\butilizador(es)?\b", re.IGNORECASE), "'utilizador'; write 'usuário'"),
    (re.compile(r"\bregistos?\b", re.IGNORECASE), "'registo'; write 'registro'"),
    (re.compile(r"\bplaneamento\b", re.IGNORECASE), "'planeamento'; write 'planejamento'"),
    (re.compile(r"\baté ao\b", re.IGNORECASE), "'até ao'; write 'até o'"),
    (re.compile(r"\bà procura de\b", re.IGNORECASE), "'à procura de'; write 'procurando'"),
    (re.compile(r"\btoda a gente\b", re.IGNORECASE), "'toda a gente'; write 'todo mundo'"),
    (re.compile(r"\bpartilha(r|do|da)?\b", re.IGNORECASE), "'partilhar'; write 'compartilhar'"),
    (re.compile(r"\b(baralhar|baralhad[ao]s?)\b", re.IGNORECASE),
     "'baralhar'; write 'embaralhar'"),
]


def is_brazilian(catalog: Catalog) -> bool:
    """Whether the catalog's header says it is Brazilian Portuguese."""
    return bool(catalog.locale_identifier == "pt_BR")


def regional_problems(catalog: Catalog, label: str) -> list[Problem]:
    """Every translation in a Brazilian catalog that uses a European-only form."""
    if not is_brazilian(catalog):
        return []
    problems = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        key = message.id[0] if isinstance(message.id, tuple | list) else message.id
        label_id = f"{message.context}|{key}" if message.context else key
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        for text in strings:
            for pattern, advice in EUROPEAN_ONLY:
                found = pattern.search(text or "")
                if found:
                    problems.append(Problem(label, message.lineno, label_id,
                                            f"European Portuguese {advice}: {found.group(0)!r}"))
    return problems

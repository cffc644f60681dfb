#include "editor/language/EditorLanguageClient.h"

#include "editor/KernelEditor.h"
#include "editor/language/LanguageService.h"

#include <QPainter>
#include <QPixmap>
#include <QTimer>
#include <QToolTip>

namespace clw::ui {

namespace {

// Images of QScintilla's list, one per kind of item.
enum KindImage {
    kFunctionImage = 1,
    kMacroImage,
    kFieldImage,
    kVariableImage,
    kTypeImage,
    kKeywordImage
};
constexpr char kListSeparator = '\n';
constexpr char kTypeSeparator = '\x1e';

int imageOf(int lspKind) {
    switch (lspKind) {
    case 2:
    case 3:
    case 4:
        return kFunctionImage; // method, function, constructor
    case 5:
    case 10:
        return kFieldImage; // field, property
    case 6:
    case 12:
    case 20:
    case 21:
        return kVariableImage; // variable, value, enum member, constant
    case 7:
    case 8:
    case 13:
    case 22:
    case 25:
        return kTypeImage; // class, interface, enum, struct
    case 14:
        return kKeywordImage;
    default:
        return kMacroImage; // clangd gives macros the kind "text"
    }
}

bool isIdentifierByte(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

long send(KernelEditor* editor, unsigned int message, unsigned long wParam = 0, long lParam = 0) {
    return editor->SendScintilla(message, wParam, lParam);
}

} // namespace

EditorLanguageClient::EditorLanguageClient(KernelEditor* editor, LanguageService& service,
                                           const QString& path)
    : QObject(editor)
    , m_editor(editor)
    , m_service(service)
    , m_path(path) {
    registerKindImages();
    connect(editor, &QsciScintillaBase::SCN_CHARADDED, this, &EditorLanguageClient::onCharAdded);
    connect(editor, qOverload<const char*, int, int, int>(&QsciScintillaBase::SCN_AUTOCSELECTION),
            this, &EditorLanguageClient::onListChosen);
    connect(editor, &QsciScintillaBase::SCN_AUTOCCANCELLED, this, [this] { m_listShown = false; });
    connect(editor, &KernelEditor::hoverRequested, this, &EditorLanguageClient::onHover);
    connect(editor, &KernelEditor::hoverEnded, this, [this] { m_hoverPosition = -1; });
    connect(&service, &LanguageService::diagnosticsPublished, this,
            &EditorLanguageClient::onDiagnostics);
    // A new server reads the file again before it can complete from it.
    connect(&service, &LanguageService::started, this, [this] {
        m_textRead = false;
        m_tokenResultId.clear(); // a new server knows no earlier answer to build a delta on
    });
}

void EditorLanguageClient::setActive(bool active) {
    if (m_active == active || !m_editor)
        return;
    m_active = active;
    m_editor->setLanguageServiceActive(active);
    if (!active) {
        m_editor->setServiceDiagnostics({});
        m_slices.clear();
        m_tokenData.clear();
        m_tokenResultId.clear();
        m_editor->setSemanticRanges({});
    }
}

void EditorLanguageClient::registerKindImages() {
    struct Kind {
        int id;
        QChar letter;
        QColor colour;
    };
    const Kind kinds[] = {{kFunctionImage, u'f', QColor(0x4a, 0x7a, 0xc8)},
                          {kMacroImage, u'#', QColor(0x9a, 0x6a, 0x20)},
                          {kFieldImage, u'.', QColor(0x3a, 0x9a, 0x5a)},
                          {kVariableImage, u'v', QColor(0x6a, 0x6a, 0x6a)},
                          {kTypeImage, u'T', QColor(0x8a, 0x4a, 0xa8)},
                          {kKeywordImage, u'k', QColor(0x9a, 0x3a, 0x3a)}};
    for (const Kind& kind : kinds) {
        QPixmap image(14, 14);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setBrush(kind.colour);
        painter.setPen(Qt::NoPen);
        painter.drawRoundedRect(QRectF(0.5, 0.5, 13, 13), 3, 3);
        painter.setPen(Qt::white);
        QFont font = painter.font();
        font.setPixelSize(10);
        font.setBold(true);
        painter.setFont(font);
        painter.drawText(QRect(0, 0, 14, 14), Qt::AlignCenter, QString(kind.letter));
        painter.end();
        m_editor->registerImage(kind.id, image);
    }
}

bool EditorLanguageClient::isCurrent(int version) const {
    return m_editor && version == m_service.version(m_path);
}

LspPosition EditorLanguageClient::lspPosition(int position) const {
    const int line = int(send(m_editor, QsciScintillaBase::SCI_LINEFROMPOSITION, ulong(position)));
    const int lineStart = int(send(m_editor, QsciScintillaBase::SCI_POSITIONFROMLINE, ulong(line)));
    if (m_service.server() && m_service.server()->offsetEncoding() == QLatin1String("utf-8"))
        return {line, position - lineStart};
    // UTF-16 code units, as the protocol counts by default.
    const QByteArray bytes = m_editor->text(line).toUtf8().left(position - lineStart);
    return {line, int(QString::fromUtf8(bytes).size())};
}

int EditorLanguageClient::editorPosition(const LspPosition& position) const {
    const int line = std::clamp(position.line, 0, std::max(0, m_editor->lines() - 1));
    const int lineStart = int(send(m_editor, QsciScintillaBase::SCI_POSITIONFROMLINE, ulong(line)));
    const int lineEnd = int(send(m_editor, QsciScintillaBase::SCI_GETLINEENDPOSITION, ulong(line)));
    int bytes = position.character;
    if (!m_service.server() || m_service.server()->offsetEncoding() != QLatin1String("utf-8"))
        bytes = int(m_editor->text(line).left(position.character).toUtf8().size());
    return std::min(lineStart + std::max(bytes, 0), lineEnd);
}

int EditorLanguageClient::wordStart() const {
    const int caret = int(send(m_editor, QsciScintillaBase::SCI_GETCURRENTPOS));
    int start = caret;
    while (start > 0 && isIdentifierByte(char(
                            send(m_editor, QsciScintillaBase::SCI_GETCHARAT, ulong(start - 1)))))
        --start;
    return start;
}

bool EditorLanguageClient::isCompletionPlace() const {
    const int caret = int(send(m_editor, QsciScintillaBase::SCI_GETCURRENTPOS));
    const char before =
        caret > 0 ? char(send(m_editor, QsciScintillaBase::SCI_GETCHARAT, ulong(caret - 1))) : 0;
    return caret - wordStart() >= 2 || before == '.' ||
           (before == '>' && caret >= 2 &&
            char(send(m_editor, QsciScintillaBase::SCI_GETCHARAT, ulong(caret - 2))) == '-');
}

void EditorLanguageClient::onCharAdded(int character) {
    if (!m_active || !m_editor)
        return;
    const int caret = int(send(m_editor, QsciScintillaBase::SCI_GETCURRENTPOS));
    if (isIdentifierByte(char(character))) {
        // After two characters of a word, or at once while the list is open.
        if (caret - wordStart() >= 2 || m_listShown)
            complete();
    } else if (character == '.' ||
               (character == '>' && caret >= 2 &&
                char(send(m_editor, QsciScintillaBase::SCI_GETCHARAT, ulong(caret - 2))) == '-')) {
        complete();
    } else if (character == '(' || character == ',') {
        showSignature();
    } else if (character == ')') {
        send(m_editor, QsciScintillaBase::SCI_CALLTIPCANCEL);
    }
}

void EditorLanguageClient::complete() {
    if (!m_active || !m_editor)
        return;
    if (m_completing) {
        m_completeAgain = true; // one request at a time; the newest text is asked next
        return;
    }
    m_completing = true;
    const int caret = int(send(m_editor, QsciScintillaBase::SCI_GETCURRENTPOS));
    const LspPosition at = lspPosition(caret);
    QPointer<EditorLanguageClient> self(this);
    m_service.request(m_path, QStringLiteral("textDocument/completion"),
                      {{"position", LspValues::position(at.line, at.character)},
                       {"context", {{"triggerKind", 1}}}},
                      kCompletionTimeoutMs,
                      [self](int version, const nlohmann::json& result, const QString& error) {
                          if (!self)
                              return;
                          self->m_completing = false;
                          if (!self->m_editor)
                              return;
                          // The text moved on: ask about the newest one, if the caret is still
                          // where a list belongs (not after a space or a ';' typed since).
                          if (std::exchange(self->m_completeAgain, false) ||
                              (error.isEmpty() && !self->isCurrent(version))) {
                              if (self->isCompletionPlace())
                                  self->complete();
                              return;
                          }
                          if (!error.isEmpty())
                              return;
                          if (!self->m_textRead) {
                              // clangd answers from the words of the file until it has read the
                              // file and its headers: ask again once it has.
                              self->m_completeWhenRead = true;
                              return;
                          }
                          self->showList(LspValues::completion(result));
                      });
}

void EditorLanguageClient::showList(const QList<CompletionEntry>& entries) {
    const int start = wordStart();
    const int caret = int(send(m_editor, QsciScintillaBase::SCI_GETCURRENTPOS));
    const QByteArray typed = m_editor->text(start, caret).toUtf8();
    // Only what starts with the word typed so far (clangd also offers fuzzy matches, which
    // QScintilla's list would not select).
    QList<CompletionEntry> shown;
    QByteArray list;
    for (const CompletionEntry& entry : entries) {
        if (!entry.insertText.toUtf8().startsWith(typed))
            continue;
        QString text = entry.label;
        if (!entry.detail.isEmpty())
            text += QStringLiteral("  ") + entry.detail;
        text.replace(QLatin1Char(kListSeparator), QLatin1Char(' '));
        text.remove(QLatin1Char(kTypeSeparator));
        if (!list.isEmpty())
            list.append(kListSeparator);
        list.append(text.toUtf8());
        list.append(kTypeSeparator);
        list.append(QByteArray::number(imageOf(entry.kind)));
        shown.append(entry);
    }
    if (shown.isEmpty()) {
        if (m_listShown)
            send(m_editor, QsciScintillaBase::SCI_AUTOCCANCEL);
        return;
    }
    m_shownEntries = shown;
    send(m_editor, QsciScintillaBase::SCI_AUTOCSETSEPARATOR, ulong(kListSeparator));
    send(m_editor, QsciScintillaBase::SCI_AUTOCSETTYPESEPARATOR, ulong(kTypeSeparator));
    send(m_editor, QsciScintillaBase::SCI_AUTOCSETORDER,
         QsciScintillaBase::SC_ORDER_CUSTOM); // clangd's ranking
    send(m_editor, QsciScintillaBase::SCI_AUTOCSETIGNORECASE, 0);
    send(m_editor, QsciScintillaBase::SCI_AUTOCSETMAXHEIGHT, 12);
    send(m_editor, QsciScintillaBase::SCI_AUTOCSETAUTOHIDE, 1);
    send(m_editor, QsciScintillaBase::SCI_AUTOCSETCHOOSESINGLE, 0);
    m_editor->SendScintilla(QsciScintillaBase::SCI_AUTOCSHOW, uintptr_t(caret - start),
                            list.constData());
    m_listShown = send(m_editor, QsciScintillaBase::SCI_AUTOCACTIVE) != 0;
    if (m_listShown)
        Q_EMIT completionShown(int(shown.size()));
}

void EditorLanguageClient::onListChosen() {
    if (!m_listShown || !m_editor)
        return; // the built-in word list's choice: QScintilla inserts it
    m_listShown = false;
    const int index = int(send(m_editor, QsciScintillaBase::SCI_AUTOCGETCURRENT));
    // Insert the item's text ourselves: the list shows the signature and type beside the name.
    send(m_editor, QsciScintillaBase::SCI_AUTOCCANCEL);
    if (index < 0 || index >= m_shownEntries.size())
        return;
    const int start = wordStart();
    const int caret = int(send(m_editor, QsciScintillaBase::SCI_GETCURRENTPOS));
    const QByteArray text = m_shownEntries[index].insertText.toUtf8();
    send(m_editor, QsciScintillaBase::SCI_SETTARGETRANGE, ulong(start), caret);
    m_editor->SendScintilla(QsciScintillaBase::SCI_REPLACETARGET, uintptr_t(text.size()),
                            text.constData());
    send(m_editor, QsciScintillaBase::SCI_GOTOPOS, ulong(start + text.size()));
}

void EditorLanguageClient::showSignature() {
    if (!m_active || !m_editor)
        return;
    const int caret = int(send(m_editor, QsciScintillaBase::SCI_GETCURRENTPOS));
    const LspPosition at = lspPosition(caret);
    QPointer<EditorLanguageClient> self(this);
    m_service.request(
        m_path, QStringLiteral("textDocument/signatureHelp"),
        {{"position", LspValues::position(at.line, at.character)}}, kCompletionTimeoutMs,
        [self, caret](int version, const nlohmann::json& result, const QString& error) {
            if (!self || !error.isEmpty() || !self->isCurrent(version))
                return;
            const SignatureHelp help = LspValues::signatureHelp(result);
            if (help.signatures.isEmpty())
                return;
            // The active overload first, then the others, as many as fit.
            QList<int> order = {help.activeSignature};
            for (int i = 0; i < help.signatures.size(); ++i)
                if (i != help.activeSignature)
                    order.append(i);
            QStringList lines;
            for (int i = 0; i < order.size() && i < kMaxSignaturesShown; ++i)
                lines.append(help.signatures[order[i]].label);
            if (order.size() > kMaxSignaturesShown)
                lines.append(tr("(%1 more overloads)").arg(order.size() - kMaxSignaturesShown));
            const QString text = lines.join(QLatin1Char('\n'));
            KernelEditor* editor = self->m_editor;
            editor->SendScintilla(QsciScintillaBase::SCI_CALLTIPSHOW, uintptr_t(caret),
                                  text.toUtf8().constData());
            const SignatureEntry& active = help.signatures[help.activeSignature];
            if (help.activeParameter >= 0 && help.activeParameter < active.parameters.size()) {
                const auto [from, to] = active.parameters[help.activeParameter];
                const int byteFrom = int(active.label.left(from).toUtf8().size());
                const int byteTo = int(active.label.left(to).toUtf8().size());
                send(editor, QsciScintillaBase::SCI_CALLTIPSETHLT, ulong(byteFrom), byteTo);
            }
            Q_EMIT self->signatureShown(text);
        });
}

void EditorLanguageClient::onHover(int position, const QPoint& globalPoint) {
    if (!m_active || !m_editor)
        return;
    m_hoverPosition = position;
    const LspPosition at = lspPosition(position);
    QPointer<EditorLanguageClient> self(this);
    m_service.request(m_path, QStringLiteral("textDocument/hover"),
                      {{"position", LspValues::position(at.line, at.character)}}, kHoverTimeoutMs,
                      [self, position, globalPoint](int version, const nlohmann::json& result,
                                                    const QString& error) {
                          // Shown only while the mouse still rests there, over the same text.
                          if (!self || !error.isEmpty() || self->m_hoverPosition != position ||
                              !self->isCurrent(version))
                              return;
                          const QString text = LspValues::hover(result);
                          if (text.isEmpty())
                              return;
                          QToolTip::showText(globalPoint, text, self->m_editor->viewport());
                          Q_EMIT self->hoverShown(text);
                      });
}

void EditorLanguageClient::onDiagnostics(const QString& path, int version,
                                         const QList<ServiceDiagnostic>& list) {
    if (path != m_path || !m_active || !isCurrent(version))
        return; // for another file, or an older text (a newer answer follows)
    QList<BuildDiagnostic> problems;
    for (const ServiceDiagnostic& item : list) {
        if (item.severity > 2)
            continue; // information and hints stay out of the editor
        const int start = editorPosition(item.range.start);
        const int end = editorPosition(item.range.end);
        const int startLine =
            int(send(m_editor, QsciScintillaBase::SCI_LINEFROMPOSITION, ulong(start)));
        const int endLine =
            int(send(m_editor, QsciScintillaBase::SCI_LINEFROMPOSITION, ulong(end)));
        BuildDiagnostic problem;
        problem.device = tr("language service, as you type");
        problem.line = startLine + 1;
        problem.column =
            start - int(send(m_editor, QsciScintillaBase::SCI_POSITIONFROMLINE, ulong(startLine))) +
            1;
        problem.endLine = endLine + 1;
        problem.endColumn =
            end - int(send(m_editor, QsciScintillaBase::SCI_POSITIONFROMLINE, ulong(endLine))) + 1;
        problem.severity =
            item.severity == 1 ? DiagnosticSeverity::Error : DiagnosticSeverity::Warning;
        problem.message = item.message;
        problems.append(problem);
    }
    m_editor->setServiceDiagnostics(problems);
    m_textRead = true;
    if (std::exchange(m_completeWhenRead, false) && isCompletionPlace())
        complete();
    Q_EMIT diagnosticsShown(int(m_editor->shownServiceDiagnostics().size()));
    // The service has read this text: its semantic tokens are ready too.
    refreshSemanticTokens();
}

void EditorLanguageClient::refreshSemanticTokens() {
    if (!m_active || !m_editor || m_tokensPending)
        return;
    m_tokensPending = true;
    // After the first answer, only what changed since (clangd's delta): a few numbers per edit
    // instead of the whole file's tokens.
    const bool delta = !m_tokenResultId.isEmpty();
    nlohmann::json params = nlohmann::json::object();
    if (delta)
        params["previousResultId"] = m_tokenResultId.toStdString();
    QPointer<EditorLanguageClient> self(this);
    m_service.request(
        m_path,
        delta ? QStringLiteral("textDocument/semanticTokens/full/delta")
              : QStringLiteral("textDocument/semanticTokens/full"),
        std::move(params), kHoverTimeoutMs,
        [self](int version, const nlohmann::json& result, const QString& error) {
            if (!self)
                return;
            self->m_tokensPending = false;
            // The numbers are kept even for an older text: the next delta builds on them.
            if (!error.isEmpty() ||
                !LspValues::updateTokens(result, self->m_tokenData, &self->m_tokenResultId)) {
                self->m_tokenResultId.clear(); // ask for all of them next time
                return;
            }
            if (self->isCurrent(version))
                self->paintTokens();
        });
}

void EditorLanguageClient::paintTokens() {
    const QStringList types = m_service.tokenTypes();
    QList<int> indicatorOf(types.size(), 0);
    for (int i = 0; i < types.size(); ++i) {
        if (types[i] == QLatin1String("macro"))
            indicatorOf[i] = KernelEditor::kMacroIndicator;
        else if (types[i] == QLatin1String("parameter"))
            indicatorOf[i] = KernelEditor::kParameterIndicator;
        else if (types[i] == QLatin1String("type") || types[i] == QLatin1String("class") ||
                 types[i] == QLatin1String("enum"))
            indicatorOf[i] = KernelEditor::kTypeIndicator;
    }
    // Cut in slices of lines, painted one per turn of the event loop, the visible lines first:
    // a long file's tokens never hold the GUI for long.
    const int lines = m_editor->lines();
    const int firstVisible = int(send(m_editor, QsciScintillaBase::SCI_DOCLINEFROMVISIBLE,
                                      ulong(m_editor->firstVisibleLine())));
    const int visibleSlice = firstVisible / kTokenSliceLines;
    m_slices.clear();
    for (int slice = 0; slice * kTokenSliceLines < std::max(lines, 1); ++slice)
        m_slices.append(
            {slice * kTokenSliceLines, std::min(lines, (slice + 1) * kTokenSliceLines), {}});
    const QList<SemanticToken> tokens = LspValues::decodeTokens(m_tokenData);
    for (const SemanticToken& token : tokens) {
        const int indicator = token.type < indicatorOf.size() ? indicatorOf[token.type] : 0;
        const int slice = token.line / kTokenSliceLines;
        if (indicator == 0 || slice >= m_slices.size())
            continue;
        const int start = editorPosition({token.line, token.character});
        const int end = editorPosition({token.line, token.character + token.length});
        m_slices[slice].ranges.append({start, end, indicator});
    }
    if (visibleSlice > 0 && visibleSlice < m_slices.size())
        m_slices.move(visibleSlice, 0);
    m_paintedRanges = 0;
    m_paintVersion = m_service.version(m_path);
    paintNextSlice();
}

void EditorLanguageClient::paintNextSlice() {
    if (!m_editor || m_slices.isEmpty())
        return;
    if (!isCurrent(m_paintVersion)) {
        m_slices.clear(); // the text moved on: the next answer paints it
        return;
    }
    const TokenSlice slice = m_slices.takeFirst();
    const int from =
        int(send(m_editor, QsciScintillaBase::SCI_POSITIONFROMLINE, ulong(slice.firstLine)));
    const int to =
        slice.endLine >= m_editor->lines()
            ? int(send(m_editor, QsciScintillaBase::SCI_GETLENGTH))
            : int(send(m_editor, QsciScintillaBase::SCI_POSITIONFROMLINE, ulong(slice.endLine)));
    m_editor->setSemanticRanges(slice.ranges, from, to);
    m_paintedRanges += int(slice.ranges.size());
    if (m_slices.isEmpty())
        Q_EMIT semanticTokensShown(m_paintedRanges);
    else
        QTimer::singleShot(0, this, &EditorLanguageClient::paintNextSlice);
}

} // namespace clw::ui

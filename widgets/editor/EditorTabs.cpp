#include "editor/EditorTabs.h"

#include "editor/KernelEditor.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>
#include <QTabBar>
#include <QTimer>

namespace clw::ui {

namespace {

constexpr qint64 kMaxFileBytes = 64 * 1024 * 1024; // a kernel source larger than this is a mistake
constexpr int kSettleMs = 50; // writers that replace a file remove it first: let them finish

QByteArray hashOf(const QByteArray& bytes) {
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
}

bool readFile(const QString& path, QByteArray* bytes, QString* error) {
    QFile file(path);
    if (file.size() > kMaxFileBytes) {
        *error = QObject::tr("%1 is larger than 64 MiB: not opened.").arg(path);
        return false;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QObject::tr("Cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    *bytes = file.readAll();
    return true;
}

// Where `bytes` stop being UTF-8: the line and column (1-based) of the first byte that does not
// belong, or {0, 0} when they are valid.
std::pair<int, int> firstNonUtf8(const QByteArray& bytes) {
    int line = 1, column = 1;
    for (qsizetype i = 0; i < bytes.size();) {
        const auto lead = static_cast<unsigned char>(bytes[i]);
        const int length = lead < 0x80           ? 1
                           : (lead >> 5) == 0x06 ? 2
                           : (lead >> 4) == 0x0e ? 3
                           : (lead >> 3) == 0x1e ? 4
                                                 : 0;
        bool valid = length > 0 && i + length <= bytes.size() && (length == 1 || lead >= 0xc2) &&
                     lead <= 0xf4;
        for (int k = 1; valid && k < length; ++k)
            valid = (static_cast<unsigned char>(bytes[i + k]) & 0xc0) == 0x80;
        if (valid && length > 1) { // no overlong, surrogate or beyond-U+10FFFF sequences
            const QByteArray sequence = bytes.mid(i, length);
            valid = QString::fromUtf8(sequence).toUtf8() == sequence;
        }
        if (!valid)
            return {line, column};
        if (lead == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
        i += length;
    }
    return {0, 0};
}

// The text to edit: UTF-8 as such; anything else a character per byte (Latin-1), so that no byte
// is replaced and saving gives the same bytes back.
QString decodeSource(const QByteArray& bytes, bool* bytewise) {
    *bytewise = firstNonUtf8(bytes).first != 0;
    return *bytewise ? QString::fromLatin1(bytes) : QString::fromUtf8(bytes);
}

// The inverse: a character per byte where it fits one; a character typed since that does not
// fit (above U+00FF) is written as UTF-8 rather than lost.
QByteArray encodeBytewise(const QString& text) {
    QByteArray bytes;
    bytes.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i].unicode() <= 0xff) {
            bytes.append(char(text[i].unicode()));
        } else {
            const qsizetype length = text[i].isHighSurrogate() && i + 1 < text.size() ? 2 : 1;
            bytes.append(text.mid(i, length).toUtf8());
            i += length - 1;
        }
    }
    return bytes;
}

} // namespace

EditorTabs::EditorTabs(QWidget* parent)
    : QTabWidget(parent) {
    setObjectName(QStringLiteral("editorTabs"));
    setTabsClosable(true);
    setMovable(true);
    setDocumentMode(true);
    connect(this, &QTabWidget::currentChanged, this,
            [this](int index) { Q_EMIT currentEditorChanged(editorAt(index)); });
    connect(this, &QTabWidget::tabCloseRequested, this,
            [this](int index) { closeEditor(editorAt(index)); });
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &EditorTabs::onFileChanged);
}

EditorTabs::~EditorTabs() = default;

QMessageBox::StandardButton EditorTabs::ask(const QString& title, const QString& text,
                                            QMessageBox::StandardButtons buttons) {
    if (m_question)
        return m_question(title, text, buttons);
    return QMessageBox::question(this, title, text, buttons);
}

KernelEditor* EditorTabs::addEditor(const QString& text, Document document) {
    auto* editor = new KernelEditor(this);
    editor->setObjectName(QStringLiteral("kernelEditor"));
    editor->setFullText(text);
    editor->setModified(false);
    m_documents.insert(editor, std::move(document));
    const int index = addTab(editor, QString());
    updateTitle(editor);
    connect(editor, &QsciScintilla::modificationChanged, this,
            [this, editor] { updateTitle(editor); });
    connect(editor, &QsciScintilla::textChanged, this,
            [this, editor] { Q_EMIT textEdited(editor); });
    setCurrentIndex(index);
    Q_EMIT filesChanged();
    return editor;
}

KernelEditor* EditorTabs::newFile(const QString& text, const QString& name) {
    Document document;
    document.untitledName =
        name.isEmpty() ? QStringLiteral("untitled-%1.cl").arg(++m_untitledCount) : name;
    return addEditor(text, std::move(document));
}

KernelEditor* EditorTabs::openFile(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (KernelEditor* open = editorForPath(absolute)) {
        setCurrentWidget(open);
        return open;
    }
    QByteArray bytes;
    QString error;
    if (!readFile(absolute, &bytes, &error)) {
        Q_EMIT problem(error);
        return nullptr;
    }
    Document document;
    document.path = absolute;
    document.diskHash = hashOf(bytes);
    const QString text = decodeSource(bytes, &document.bytewise);
    if (document.bytewise) {
        const auto [line, column] = firstNonUtf8(bytes);
        Q_EMIT problem(tr("%1 is not valid UTF-8 (line %2, column %3 is the first byte that is "
                          "not): it is shown a character per byte and saved byte for byte, "
                          "unchanged.")
                           .arg(QFileInfo(absolute).fileName())
                           .arg(line)
                           .arg(column));
    }
    KernelEditor* editor = addEditor(text, std::move(document));
    m_watcher.addPath(absolute);
    return editor;
}

bool EditorTabs::writeFile(KernelEditor* editor, const QString& path) {
    const QByteArray bytes = m_documents.value(editor).bytewise ? encodeBytewise(editor->fullText())
                                                                : editor->fullText().toUtf8();
    // Our own write must not read as an outside change: stop watching while it happens.
    m_watcher.removePath(path);
    QSaveFile file(path);
    const bool ok =
        file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit();
    if (!ok) {
        Q_EMIT problem(tr("Cannot save %1: %2. The text is still in the editor.")
                           .arg(path, file.errorString()));
        if (QFileInfo::exists(path))
            m_watcher.addPath(path);
        return false;
    }
    Document& document = m_documents[editor];
    document.diskHash = hashOf(bytes);
    m_watcher.addPath(path);
    editor->setModified(false);
    Q_EMIT saved(editor);
    return true;
}

bool EditorTabs::save(KernelEditor* editor) {
    if (!editor || !m_documents.contains(editor))
        return false;
    const QString path = m_documents[editor].path;
    return !path.isEmpty() && writeFile(editor, path);
}

bool EditorTabs::saveAs(KernelEditor* editor, const QString& path) {
    if (!editor || !m_documents.contains(editor) || path.isEmpty())
        return false;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (KernelEditor* other = editorForPath(absolute); other && other != editor) {
        Q_EMIT problem(tr("%1 is open in another tab: close it first.").arg(absolute));
        return false;
    }
    const QString previous = m_documents[editor].path;
    if (!writeFile(editor, absolute))
        return false;
    if (!previous.isEmpty() && previous != absolute)
        m_watcher.removePath(previous);
    m_documents[editor].path = absolute;
    m_documents[editor].untitledName.clear();
    updateTitle(editor);
    Q_EMIT filesChanged();
    return true;
}

bool EditorTabs::loadInto(KernelEditor* editor, const QString& path, bool keepView) {
    QByteArray bytes;
    QString error;
    if (!readFile(path, &bytes, &error)) {
        Q_EMIT problem(error);
        return false;
    }
    int line = 0, index = 0;
    editor->getCursorPosition(&line, &index);
    const int firstVisible = editor->firstVisibleLine();
    editor->setFullText(decodeSource(bytes, &m_documents[editor].bytewise));
    if (keepView) {
        editor->setCursorPosition(std::min(line, editor->lines() - 1), index);
        editor->setFirstVisibleLine(firstVisible);
    }
    editor->setModified(false);
    m_documents[editor].diskHash = hashOf(bytes);
    return true;
}

bool EditorTabs::revert(KernelEditor* editor) {
    if (!editor || !m_documents.contains(editor) || m_documents[editor].path.isEmpty())
        return false;
    return loadInto(editor, m_documents[editor].path, true);
}

bool EditorTabs::closeEditor(KernelEditor* editor) {
    if (!editor || !m_documents.contains(editor))
        return false;
    if (editor->isModified()) {
        setCurrentWidget(editor);
        const auto answer =
            ask(tr("Unsaved changes"),
                tr("%1 has unsaved changes. Save them?").arg(tabText(indexOf(editor))),
                QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
        if (answer == QMessageBox::Cancel)
            return false;
        if (answer == QMessageBox::Save && !save(editor))
            return false; // never saved, or the write failed: keep the tab
    }
    const QString path = m_documents.take(editor).path;
    if (!path.isEmpty())
        m_watcher.removePath(path);
    removeTab(indexOf(editor));
    editor->deleteLater();
    Q_EMIT filesChanged();
    return true;
}

void EditorTabs::onFileChanged(const QString& path) {
    QTimer::singleShot(kSettleMs, this, [this, path] { checkDisk(path); });
}

void EditorTabs::checkDisk(const QString& path) {
    KernelEditor* editor = editorForPath(path);
    if (!editor)
        return;
    Document& document = m_documents[editor];
    if (!QFileInfo::exists(path)) {
        Q_EMIT problem(tr("%1 was removed or renamed on disk; saving writes it again.").arg(path));
        editor->setModified(true);
        return;
    }
    if (!m_watcher.files().contains(path))
        m_watcher.addPath(path); // replaced by rename: watch the new file
    QByteArray bytes;
    QString error;
    if (!readFile(path, &bytes, &error)) {
        Q_EMIT problem(error);
        return;
    }
    const QByteArray hash = hashOf(bytes);
    if (hash == document.diskHash || document.asking)
        return;
    if (editor->isModified()) {
        document.asking = true;
        const auto answer =
            ask(tr("File changed on disk"),
                tr("%1 changed on disk and has unsaved edits here. Reload it and lose the edits?")
                    .arg(path),
                QMessageBox::Yes | QMessageBox::No);
        if (!m_documents.contains(editor))
            return; // closed while the question was open
        m_documents[editor].asking = false;
        if (answer != QMessageBox::Yes) {
            m_documents[editor].diskHash = hash; // keep the edits; don't ask again for this content
            return;
        }
    }
    if (loadInto(editor, path, true))
        Q_EMIT reloaded(editor);
}

void EditorTabs::updateTitle(KernelEditor* editor) {
    const int index = indexOf(editor);
    if (index < 0)
        return;
    const Document& document = m_documents[editor];
    const QString name =
        document.path.isEmpty() ? document.untitledName : QFileInfo(document.path).fileName();
    setTabText(index, editor->isModified() ? name + QLatin1Char('*') : name);
    setTabToolTip(index, document.path.isEmpty() ? tr("Not saved yet") : document.path);
}

KernelEditor* EditorTabs::currentEditor() const {
    return qobject_cast<KernelEditor*>(currentWidget());
}

KernelEditor* EditorTabs::editorAt(int index) const {
    return qobject_cast<KernelEditor*>(widget(index));
}

QList<KernelEditor*> EditorTabs::editors() const {
    QList<KernelEditor*> list;
    for (int i = 0; i < count(); ++i)
        if (KernelEditor* editor = editorAt(i))
            list.append(editor);
    return list;
}

QString EditorTabs::filePath(const KernelEditor* editor) const {
    return m_documents.value(editor).path;
}

KernelEditor* EditorTabs::editorForPath(const QString& path) const {
    for (auto it = m_documents.cbegin(); it != m_documents.cend(); ++it)
        if (!it.value().path.isEmpty() && it.value().path == path)
            return const_cast<KernelEditor*>(it.key());
    return nullptr;
}

bool EditorTabs::isHeader(const KernelEditor* editor) const {
    const Document document = m_documents.value(editor);
    const QString name = document.path.isEmpty() ? document.untitledName : document.path;
    const QString suffix = QFileInfo(name).suffix().toLower();
    return suffix == QLatin1String("h") || suffix == QLatin1String("hpp") ||
           suffix == QLatin1String("clh") || suffix == QLatin1String("inc");
}

bool EditorTabs::isBytewise(const KernelEditor* editor) const {
    return m_documents.value(editor).bytewise;
}

QString EditorTabs::sourceName(const KernelEditor* editor, const KernelEditor* main) const {
    const Document document = m_documents.value(editor);
    if (document.path.isEmpty())
        return document.untitledName;
    const QString mainPath = m_documents.value(main).path;
    if (!mainPath.isEmpty()) {
        const QString relative = QFileInfo(mainPath).absoluteDir().relativeFilePath(document.path);
        if (!relative.startsWith(QLatin1String("../")))
            return relative; // "common.h", "include/util.h"
    }
    return QFileInfo(document.path).fileName();
}

KernelEditor* EditorTabs::editorForSource(const QString& name, const KernelEditor* main) const {
    for (KernelEditor* editor : editors())
        if (sourceName(editor, main) == name)
            return editor;
    return nullptr;
}

BuildSources EditorTabs::sources(const KernelEditor* main) const {
    BuildSources sources;
    QSet<QString> names;
    sources.mainFile = sourceName(main, main);
    sources.files.append({sources.mainFile, main->text()});
    names.insert(sources.mainFile);
    for (KernelEditor* editor : editors()) {
        const QString name = sourceName(editor, main);
        if (editor == main || names.contains(name))
            continue; // two open files with one name: the first (nearest) wins, like -I order
        names.insert(name);
        sources.files.append({name, editor->text()});
    }
    const QString mainPath = filePath(main);
    if (!mainPath.isEmpty())
        sources.includeDirs.append(QFileInfo(mainPath).absolutePath());
    return sources;
}

QStringList EditorTabs::identifiers() const {
    QStringList all;
    for (KernelEditor* editor : editors())
        all += editor->identifiers();
    all.removeDuplicates();
    return all;
}

} // namespace clw::ui

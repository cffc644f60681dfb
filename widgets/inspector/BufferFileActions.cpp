#include "inspector/BufferFileActions.h"

#include "bridge/BufferFile.h"
#include "bridge/BufferOperations.h"
#include "bridge/HostBufferSource.h"
#include "inspector/FillDialog.h"

#include "clw/engine/inspect/ImportError.h"
#include "clw/engine/session/NpyFile.h"

#include <QFileDialog>
#include <QFileInfo>

#include <stdexcept>

namespace clw::ui {

namespace {

const QString kFilter = QObject::tr("NumPy arrays (*.npy);;CSV (*.csv *.txt *.tsv);;Raw bytes (*)");

std::filesystem::path toPath(const QString& path) {
    return std::filesystem::path(path.toStdU16String());
}

// The format a .npy array suggests: a scalar per value, a vector for a trailing axis of 2 or 4
// (RGBA images), 2D / 3D shapes for the other axes.
engine::ElementFormat formatFor(const engine::NpyArray& array) {
    static const char* const kNames[] = {"bool", "char", "uchar", "short", "ushort", "int",
                                         "uint", "long", "ulong", "half",  "float",  "double"};
    engine::ElementFormat format;
    std::vector<size_t> axes = array.shape;
    std::string type = kNames[int(array.type)];
    if (axes.size() >= 2 && (axes.back() == 2 || axes.back() == 4) && type != "bool") {
        type += std::to_string(axes.back());
        axes.pop_back();
    }
    format.type = type;
    format.shape.dimensions = int(std::clamp<size_t>(axes.size(), 1, 3));
    if (axes.size() >= 2) {
        format.shape.width = axes.back();
        format.shape.height = axes[axes.size() - 2];
        if (axes.size() >= 3)
            format.shape.depth = axes[axes.size() - 3];
    }
    return format;
}

} // namespace

BufferFileActions::BufferFileActions(EngineBridge& bridge, QWidget* dialogParent)
    : QObject(dialogParent)
    , m_bridge(bridge)
    , m_dialogParent(dialogParent) {}

BufferFileActions::~BufferFileActions() = default;

template <class Job>
void BufferFileActions::runJob(const QString& what, Job job,
                               std::shared_ptr<BufferSource> changed) {
    ++m_busy;
    m_bridge.run(this, std::move(job), [this, what, changed](JobResult<std::string> result) {
        --m_busy;
        if (!result.ok()) {
            if (!result.error().cancelled())
                Q_EMIT failed(tr("%1 failed: %2").arg(what, result.error().message));
            return;
        }
        if (changed)
            Q_EMIT contentsChanged(changed);
        Q_EMIT finished(QString::fromStdString(result.value()));
    });
}

void BufferFileActions::fill(const Target& target, const engine::FillSpec& spec, quint64 first,
                             quint64 count) {
    m_lastFill = spec;
    runJob(
        tr("Filling %1").arg(target.name),
        [target, spec, first, count](const JobContext& context) -> std::string {
            const bool complete =
                BufferOperations::fill(*target.source, target.layout, target.shape, spec, first,
                                       count, [&context] { return context.isCancelled(); });
            return (complete ? "filled " : "fill cancelled in ") + std::to_string(count) +
                   " elements";
        },
        target.source);
}

void BufferFileActions::importFile(const Target& target, const QString& path) {
    runJob(
        tr("Importing %1").arg(QFileInfo(path).fileName()),
        [target, file = toPath(path)](const JobContext& context) {
            return BufferFile::importFrom(*target.source, target.layout, target.shape, file,
                                          BufferFile::formatOf(file),
                                          [&context] { return context.isCancelled(); });
        },
        target.source);
}

void BufferFileActions::exportFile(const Target& target, const QString& path) {
    runJob(
        tr("Exporting %1").arg(target.name),
        [target, file = toPath(path)](const JobContext& context) {
            return BufferFile::exportTo(*target.source, target.layout, target.shape, file,
                                        BufferFile::formatOf(file),
                                        [&context] { return context.isCancelled(); });
        },
        nullptr);
}

void BufferFileActions::openFile(const QString& path) {
    struct Opened {
        std::shared_ptr<BufferSource> source;
        engine::ElementFormat format;
    };
    ++m_busy;
    const QString name = QFileInfo(path).fileName();
    m_bridge.run(
        this,
        [file = toPath(path)](const JobContext&) {
            engine::NpyArray array = engine::NpyFile::read(file);
            if (array.data.empty())
                throw engine::ImportError("the array is empty: a buffer needs at least one byte");
            // The file's bytes in the workbench's memory: looking at a file needs no device, and
            // the GUI process makes no OpenCL call (DESIGN.md §2a).
            const engine::ElementFormat format = formatFor(array);
            return Opened{std::make_shared<HostBufferSource>(std::move(array.data), "file"),
                          format};
        },
        [this, name](JobResult<Opened> result) {
            --m_busy;
            if (!result.ok()) {
                Q_EMIT failed(tr("Opening %1 failed: %2").arg(name, result.error().message));
                return;
            }
            Q_EMIT bufferOpened(name, result.value().source, result.value().format);
            Q_EMIT finished(tr("Opened %1 as a new buffer").arg(name));
        });
}

void BufferFileActions::askFill(const Target& target,
                                std::optional<std::pair<quint64, quint64>> selection) {
    QStringList columns;
    for (const engine::ElementColumn& column : target.layout.columns())
        columns << QString::fromStdString(column.name);
    const QString selected =
        selection ? tr("elements %1 to %2").arg(selection->first).arg(selection->second)
                  : QString();
    FillDialog dialog(columns.join(QStringLiteral(", ")), selected, m_dialogParent);
    dialog.setSpec(m_lastFill);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (dialog.selectionOnly() && selection)
        fill(target, dialog.spec(), selection->first, selection->second - selection->first + 1);
    else
        fill(target, dialog.spec(), 0, target.shape.elementCount());
}

void BufferFileActions::askImport(const Target& target) {
    const QString path = QFileDialog::getOpenFileName(
        m_dialogParent, tr("Import into %1").arg(target.name), {}, kFilter);
    if (!path.isEmpty())
        importFile(target, path);
}

void BufferFileActions::askExport(const Target& target) {
    const QString path =
        QFileDialog::getSaveFileName(m_dialogParent, tr("Export %1").arg(target.name),
                                     target.name + QStringLiteral(".npy"), kFilter);
    if (!path.isEmpty())
        exportFile(target, path);
}

void BufferFileActions::askOpen() {
    const QString path = QFileDialog::getOpenFileName(
        m_dialogParent, tr("Open a .npy file as a buffer"), {}, tr("NumPy arrays (*.npy)"));
    if (!path.isEmpty())
        openFile(path);
}

} // namespace clw::ui

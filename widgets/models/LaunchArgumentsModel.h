#pragma once
// One session launch's arguments against its kernel's signature, for the launch panel (issue 9):
// a row per parameter with its declaration, its kind, the bound value (editable) and what is
// missing or wrong. An edit is checked by ArgumentRules first: invalid text is refused, and the
// row says why (ProblemRole, the tooltip and the status column) until the next edit of that row.
// An accepted edit changes the model's copy of the launch and emits launchEdited; whoever owns
// the session stores it (SessionController::setLaunch) and hands the launch back with setLaunch.
// Qt Core only.
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/session/Session.h"

#include <QAbstractTableModel>
#include <QStringList>
#include <QVariantList>

#include <map>
#include <optional>
#include <vector>

namespace clw::ui {

class LaunchArgumentsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { DeclarationColumn, KindColumn, ValueColumn, StatusColumn, ColumnCount };
    enum Role {
        EditorRole = Qt::UserRole + 1, // int (ArgumentEditor)
        ElementTypeRole,               // QString: "float4" (pointee or value); empty if any fits
        ScalarTypeRole,                // int (engine::ScalarType) of the value or pointee
        VectorWidthRole,               // int: components of a vector value, else 1
        FittingBuffersRole,            // QStringList: the session's buffers that fit the row
        AllowsNullRole,                // bool: a __global / __constant pointer may be NULL
        IsSetRole,                     // bool: the argument holds a value
        ProblemRole,                   // QString: why the last edit was refused, else what is
                                       // missing or wrong; empty when the argument is fine
        ParameterNameRole,             // QString: the parameter's name ("a"), may be empty
        // QVariantList, for a struct parameter: a QVariantMap per field with "path" ("pos.x"),
        // "type" ("float4[2]"), "element" (int, engine::ScalarType), "components" (int) and
        // "value" (the bound text, empty when not given).
        StructFieldsRole,
        // QString: what runs but may not be meant (a buffer of another element type than the
        // pointer's); empty when there is nothing to say. Not a problem: the launch runs.
        WarningRole,
        OtherBuffersRole, // QStringList: buffers that can be bound with a warning
    };

    explicit LaunchArgumentsModel(QObject* parent = nullptr);

    // Shows `launch` against `signature` (a model reset). Without a signature (the program is
    // not built yet) the rows are the launch's own arguments, edited by their stored kind and
    // checked as far as the kind allows. `buffers` are the session's, for the pickers and to
    // check buffer names.
    void setContext(std::optional<engine::KernelSignature> signature, engine::SessionLaunch launch,
                    std::vector<engine::SessionBuffer> buffers);
    // The same launch, changed (by an edit that went through the session, an undo, a restore):
    // dataChanged for what differs; a reset only when the number of rows changes.
    void setLaunch(engine::SessionLaunch launch);
    // The session's buffers changed (one was added): statuses and pickers follow.
    void setBuffers(std::vector<engine::SessionBuffer> buffers);
    void clear();

    const engine::SessionLaunch& launch() const { return m_launch; }
    const std::optional<engine::KernelSignature>& signature() const { return m_signature; }
    // The parameter of a row; nullptr without a signature or for a bad row.
    const engine::KernelArgSignature* parameter(int row) const;
    // What is missing or wrong, one line per argument that has a problem ("argument 2 'float *c':
    // not set"); empty when every argument is set and fits.
    QStringList problems() const;
    // The __local bytes the launch's arguments ask for (checkGeometry counts them).
    std::uint64_t localArgumentBytes() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    // An edit was accepted: the launch as it is now (the arguments padded to the signature).
    void launchEdited(const clw::engine::SessionLaunch& launch);
    // An edit was refused; `reason` says why (the row's ProblemRole says it too).
    void editRefused(int row, const QString& reason);

private:
    bool isCell(const QModelIndex& index) const;
    int editorOf(int row) const; // ArgumentEditor as int
    // The argument bound at `row`, or nullptr when the launch has fewer arguments.
    const engine::SessionArgument* argumentAt(int row) const;
    QString declaration(int row) const;
    QString kindText(int row) const;
    QVariant valueDisplay(int row) const;
    QVariant valueEdit(int row) const;
    // What is missing or wrong with the stored argument; empty when it is fine.
    QString storedProblem(int row) const;
    QString storedWarning(int row) const;
    // Checks `value` for the row; the argument it makes, or the reason it is refused.
    std::optional<engine::SessionArgument> parseEdit(int row, const QVariant& value,
                                                     QString* reason) const;
    // A struct edit: a QVariantMap of field path to text (the group editor) or one line of
    // "x = 1; w = 1, 2, 3, 4"; no fields unbinds.
    static std::optional<engine::SessionArgument>
    parseStructEdit(const engine::KernelArgSignature* param, const QVariant& value,
                    QString* reason);
    static QVariantList structFields(const engine::KernelArgSignature& parameter,
                                     const engine::SessionArgument* argument);
    const engine::SessionBuffer* findBuffer(const std::string& name) const;
    void rowsChanged(int first, int last);

    std::optional<engine::KernelSignature> m_signature;
    engine::SessionLaunch m_launch;
    std::vector<engine::SessionBuffer> m_buffers;
    std::map<int, QString> m_refused; // row -> why its last edit was refused
};

} // namespace clw::ui

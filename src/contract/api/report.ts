// Endpoints of the report area (see ../endpoint.ts). Each export is one resource: { name: endpoint }.
export {}

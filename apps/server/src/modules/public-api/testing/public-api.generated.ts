// Made by openapi-typescript from /api/v1/openapi.json (public-api.test.ts; UPDATE_PUBLIC_API_TYPES=1 writes it).
export interface paths {
    "/api/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers
         * @description The organization's active customers, sorted by name.
         *
         *     Scope: `read`.
         */
        get: operations["v1.customers.list"];
        put?: never;
        /**
         * Create or change a customer
         * @description Creates a customer (no id) or changes one (id and version).
         *
         *     Scope: `write`.
         */
        post: operations["v1.customers.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List projects
         * @description The organization's live projects, most recently changed first, a page at a time.
         *
         *     Scope: `read`.
         */
        get: operations["v1.projects.list"];
        put?: never;
        /**
         * Create or change a project
         * @description Creates a project (no id) or changes one (id and version).
         *
         *     Scope: `write`.
         */
        post: operations["v1.projects.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a project with its transits
         * @description The project with its customer and its live transits, each with its items and stored results.
         *
         *     Scope: `read`.
         */
        get: operations["v1.projects.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{projectId}/site": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a project's locations and statuses
         * @description The project's location tree and each transit's location and status (installed, inspected).
         *
         *     Scope: `read`.
         */
        get: operations["v1.projects.site"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/projects/{projectId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a document of a project
         * @description A document of the project: the material list as PDF, RTF, DOCX, CSV or XLSX, or the drawings as DXF (several as a .zip), in the language asked for.
         *
         *     Scope: `export`.
         */
        post: operations["v1.projects.export"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transits/{transitId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a transit with its items and results
         * @description A transit with its items and its stored results (sizes, fill, materials).
         *
         *     Scope: `read`.
         */
        get: operations["v1.transits.get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or change a transit with its items
         * @description Creates a transit with its items (no transit id) or changes one; the server sizes it and answers the stored results.
         *
         *     Scope: `write`.
         */
        post: operations["v1.transits.create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schedule-imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a cable schedule
         * @description A cable schedule's rows mapped to transits and items (ADR 020): headings, rows and the column mapping; dryRun answers the report without writing.
         *
         *     Scope: `write`.
         */
        post: operations["v1.schedules.import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statuses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count transits by site status
         * @description How many of the organization's live transits are in each site status (ADR 031).
         *
         *     Scope: `read`.
         */
        get: operations["v1.statuses.counts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErrorEnvelope: {
            success: boolean;
            data: null;
            messages: string[];
            error?: {
                /** @enum {string} */
                code: "VALIDATION_FAILED" | "BAD_REQUEST" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DENIED" | "ACCOUNT_SUSPENDED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "VERSION_CONFLICT" | "EMAIL_TAKEN" | "RATE_LIMITED" | "RESET_TOKEN_INVALID" | "PAYLOAD_TOO_LARGE" | "MAIL_FAILED" | "TIME_BUDGET_EXCEEDED" | "MEMORY_BUDGET_EXCEEDED" | "BULK_WORK_BUSY" | "LOCKED" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "INTERNAL" | "EXTERNAL_NOT_CONFIGURED" | "EXTERNAL_SIGN_IN_FAILED" | "EXTERNAL_ID_IN_USE" | "EXTERNAL_PROVIDER_UNAVAILABLE";
                message: string;
                error_description?: string;
                fields?: {
                    [key: string]: string;
                };
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "v1.customers.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            id: string;
                            guid: string;
                            name: string;
                            industry: {
                                id: string;
                                display: string;
                                model: string;
                            };
                            contactFirstName: string;
                            contactLastName: string;
                            contactPhone: string;
                            contactEmail: string;
                            projectCount: number;
                            isActive: boolean;
                            version: number;
                            auditing: {
                                createdOn: string;
                                lastUpdatedOn: string;
                            };
                        }[];
                        messages: string[];
                        error?: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "BAD_REQUEST" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DENIED" | "ACCOUNT_SUSPENDED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "VERSION_CONFLICT" | "EMAIL_TAKEN" | "RATE_LIMITED" | "RESET_TOKEN_INVALID" | "PAYLOAD_TOO_LARGE" | "MAIL_FAILED" | "TIME_BUDGET_EXCEEDED" | "MEMORY_BUDGET_EXCEEDED" | "BULK_WORK_BUSY" | "LOCKED" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "INTERNAL" | "EXTERNAL_NOT_CONFIGURED" | "EXTERNAL_SIGN_IN_FAILED" | "EXTERNAL_ID_IN_USE" | "EXTERNAL_PROVIDER_UNAVAILABLE";
                            message: string;
                            error_description?: string;
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description No valid access token: sign in (POST /api/auth/token) and send it as a bearer token (`UNAUTHENTICATED`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key is not valid: it is unknown, revoked or expired."
                     *       ],
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "The API key is not valid: it is unknown, revoked or expired."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The caller's account or roles do not allow this call (`FORBIDDEN`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key does not have the \"write\" scope this call needs."
                     *       ],
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "The API key does not have the \"write\" scope this call needs."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: try again after Retry-After seconds (`RATE_LIMITED`) */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Too many requests with this API key: try again after the time in Retry-After."
                     *       ],
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Too many requests with this API key: try again after the time in Retry-After."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Something went wrong on the server (the message carries a reference) (`INTERNAL`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Something went wrong (reference 3f1c…)."
                     *       ],
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Something went wrong (reference 3f1c…)."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "v1.customers.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own (1 to 255 printable characters, e.g. a UUID) that makes a retry safe: a second request with the same key and body within 24 hours answers the first one's answer (with `Idempotent-Replayed: true`) and creates nothing. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customer": {
                 *         "name": "Nordic Yards Wismar",
                 *         "industryId": "OFF_SHORE",
                 *         "contactFirstName": "Jana",
                 *         "contactLastName": "Berg",
                 *         "contactPhone": "+49 3841 770",
                 *         "contactEmail": "jana.berg@example.com"
                 *       }
                 *     }
                 */
                "application/json": {
                    customer: {
                        /** Format: uuid */
                        id?: string;
                        name: string;
                        industryId: string;
                        contactFirstName: string;
                        contactLastName: string;
                        contactPhone: string;
                        /** Format: email */
                        contactEmail: string;
                        isActive?: boolean;
                        version?: number;
                        force?: boolean;
                        isDelete?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description true when the answer is the stored answer of an earlier request with the same key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            id: string;
                            guid: string;
                            name: string;
                            industry: {
                                id: string;
                                display: string;
                                model: string;
                            };
                            contactFirstName: string;
                            contactLastName: string;
                            contactPhone: string;
                            contactEmail: string;
                            projectCount: number;
                            isActive: boolean;
                            version: number;
                            auditing: {
                                createdOn: string;
                                lastUpdatedOn: string;
                            };
                        };
                        messages: string[];
                        error?: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "BAD_REQUEST" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DENIED" | "ACCOUNT_SUSPENDED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "VERSION_CONFLICT" | "EMAIL_TAKEN" | "RATE_LIMITED" | "RESET_TOKEN_INVALID" | "PAYLOAD_TOO_LARGE" | "MAIL_FAILED" | "TIME_BUDGET_EXCEEDED" | "MEMORY_BUDGET_EXCEEDED" | "BULK_WORK_BUSY" | "LOCKED" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "INTERNAL" | "EXTERNAL_NOT_CONFIGURED" | "EXTERNAL_SIGN_IN_FAILED" | "EXTERNAL_ID_IN_USE" | "EXTERNAL_PROVIDER_UNAVAILABLE";
                            message: string;
                            error_description?: string;
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request is not valid (the envelope names the field and why) (`VALIDATION_FAILED`, `BAD_REQUEST`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Please enter a name for the key."
                     *       ],
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Please enter a name for the key."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No valid access token: sign in (POST /api/auth/token) and send it as a bearer token (`UNAUTHENTICATED`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key is not valid: it is unknown, revoked or expired."
                     *       ],
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "The API key is not valid: it is unknown, revoked or expired."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The caller's account or roles do not allow this call (`FORBIDDEN`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key does not have the \"write\" scope this call needs."
                     *       ],
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "The API key does not have the \"write\" scope this call needs."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record in the caller's organization (`NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "This project does not exist."
                     *       ],
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "This project does not exist."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The record was changed since it was read, or the value is taken (`CONFLICT`, `VERSION_CONFLICT`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "This Idempotency-Key was used with another request: use a new key for a new request."
                     *       ],
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "This Idempotency-Key was used with another request: use a new key for a new request."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body or the work it asks for is larger than the server takes (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The request body is too large."
                     *       ],
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "The request body is too large."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is not of the media type this call reads (`UNSUPPORTED_MEDIA_TYPE`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Unsupported content type."
                     *       ],
                     *       "error": {
                     *         "code": "UNSUPPORTED_MEDIA_TYPE",
                     *         "message": "Unsupported content type."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: try again after Retry-After seconds (`RATE_LIMITED`) */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Too many requests with this API key: try again after the time in Retry-After."
                     *       ],
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Too many requests with this API key: try again after the time in Retry-After."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Something went wrong on the server (the message carries a reference) (`INTERNAL`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Something went wrong (reference 3f1c…)."
                     *       ],
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Something went wrong (reference 3f1c…)."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "v1.projects.list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            projects: {
                                id: string;
                                guid: string;
                                name: string;
                                customerId: string;
                                industryId: string;
                                customer: {
                                    id: string;
                                    display: string;
                                    model: string;
                                };
                                industry: {
                                    id: string;
                                    display: string;
                                    model: string;
                                };
                                description: string;
                                transitCount: number;
                                isRemoved: boolean;
                                version: number;
                                auditing: {
                                    createdOn: string;
                                    lastUpdatedOn: string;
                                };
                            }[];
                            total: number;
                        };
                        messages: string[];
                        error?: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "BAD_REQUEST" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DENIED" | "ACCOUNT_SUSPENDED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "VERSION_CONFLICT" | "EMAIL_TAKEN" | "RATE_LIMITED" | "RESET_TOKEN_INVALID" | "PAYLOAD_TOO_LARGE" | "MAIL_FAILED" | "TIME_BUDGET_EXCEEDED" | "MEMORY_BUDGET_EXCEEDED" | "BULK_WORK_BUSY" | "LOCKED" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "INTERNAL" | "EXTERNAL_NOT_CONFIGURED" | "EXTERNAL_SIGN_IN_FAILED" | "EXTERNAL_ID_IN_USE" | "EXTERNAL_PROVIDER_UNAVAILABLE";
                            message: string;
                            error_description?: string;
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request is not valid (the envelope names the field and why) (`VALIDATION_FAILED`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Please enter a name for the key."
                     *       ],
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Please enter a name for the key."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No valid access token: sign in (POST /api/auth/token) and send it as a bearer token (`UNAUTHENTICATED`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key is not valid: it is unknown, revoked or expired."
                     *       ],
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "The API key is not valid: it is unknown, revoked or expired."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The caller's account or roles do not allow this call (`FORBIDDEN`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key does not have the \"write\" scope this call needs."
                     *       ],
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "The API key does not have the \"write\" scope this call needs."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: try again after Retry-After seconds (`RATE_LIMITED`) */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Too many requests with this API key: try again after the time in Retry-After."
                     *       ],
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Too many requests with this API key: try again after the time in Retry-After."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Something went wrong on the server (the message carries a reference) (`INTERNAL`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Something went wrong (reference 3f1c…)."
                     *       ],
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Something went wrong (reference 3f1c…)."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "v1.projects.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own (1 to 255 printable characters, e.g. a UUID) that makes a retry safe: a second request with the same key and body within 24 hours answers the first one's answer (with `Idempotent-Replayed: true`) and creates nothing. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "project": {
                 *         "name": "NB 1042 engine room",
                 *         "customerId": "0b9c6f4e-3d0a-4f57-9a51-7f1b2b8f0c11",
                 *         "industryId": "OFF_SHORE",
                 *         "description": "Deck 3 bulkhead penetrations"
                 *       }
                 *     }
                 */
                "application/json": {
                    project: {
                        /** Format: uuid */
                        customerId: string;
                        name: string;
                        industryId: string;
                        /** @default  */
                        description?: string;
                        /** Format: uuid */
                        id?: string;
                        version?: number;
                        force?: boolean;
                        isDelete?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description true when the answer is the stored answer of an earlier request with the same key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            id: string;
                            guid: string;
                            name: string;
                            customerId: string;
                            industryId: string;
                            customer: {
                                id: string;
                                display: string;
                                model: string;
                            };
                            industry: {
                                id: string;
                                display: string;
                                model: string;
                            };
                            description: string;
                            transitCount: number;
                            isRemoved: boolean;
                            version: number;
                            auditing: {
                                createdOn: string;
                                lastUpdatedOn: string;
                            };
                        };
                        messages: string[];
                        error?: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "BAD_REQUEST" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DENIED" | "ACCOUNT_SUSPENDED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "VERSION_CONFLICT" | "EMAIL_TAKEN" | "RATE_LIMITED" | "RESET_TOKEN_INVALID" | "PAYLOAD_TOO_LARGE" | "MAIL_FAILED" | "TIME_BUDGET_EXCEEDED" | "MEMORY_BUDGET_EXCEEDED" | "BULK_WORK_BUSY" | "LOCKED" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "INTERNAL" | "EXTERNAL_NOT_CONFIGURED" | "EXTERNAL_SIGN_IN_FAILED" | "EXTERNAL_ID_IN_USE" | "EXTERNAL_PROVIDER_UNAVAILABLE";
                            message: string;
                            error_description?: string;
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request is not valid (the envelope names the field and why) (`VALIDATION_FAILED`, `BAD_REQUEST`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Please enter a name for the key."
                     *       ],
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Please enter a name for the key."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No valid access token: sign in (POST /api/auth/token) and send it as a bearer token (`UNAUTHENTICATED`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key is not valid: it is unknown, revoked or expired."
                     *       ],
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "The API key is not valid: it is unknown, revoked or expired."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The caller's account or roles do not allow this call (`FORBIDDEN`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key does not have the \"write\" scope this call needs."
                     *       ],
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "The API key does not have the \"write\" scope this call needs."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record in the caller's organization (`NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "This project does not exist."
                     *       ],
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "This project does not exist."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The record was changed since it was read, or the value is taken (`CONFLICT`, `VERSION_CONFLICT`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "This Idempotency-Key was used with another request: use a new key for a new request."
                     *       ],
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "This Idempotency-Key was used with another request: use a new key for a new request."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body or the work it asks for is larger than the server takes (`PAYLOAD_TOO_LARGE`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The request body is too large."
                     *       ],
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "The request body is too large."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is not of the media type this call reads (`UNSUPPORTED_MEDIA_TYPE`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Unsupported content type."
                     *       ],
                     *       "error": {
                     *         "code": "UNSUPPORTED_MEDIA_TYPE",
                     *         "message": "Unsupported content type."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: try again after Retry-After seconds (`RATE_LIMITED`) */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Too many requests with this API key: try again after the time in Retry-After."
                     *       ],
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Too many requests with this API key: try again after the time in Retry-After."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Something went wrong on the server (the message carries a reference) (`INTERNAL`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Something went wrong (reference 3f1c…)."
                     *       ],
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Something went wrong (reference 3f1c…)."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "v1.projects.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            project: {
                                id: string;
                                guid: string;
                                name: string;
                                customerId: string;
                                industryId: string;
                                customer: {
                                    id: string;
                                    display: string;
                                    model: string;
                                };
                                industry: {
                                    id: string;
                                    display: string;
                                    model: string;
                                };
                                description: string;
                                transitCount: number;
                                isRemoved: boolean;
                                version: number;
                                auditing: {
                                    createdOn: string;
                                    lastUpdatedOn: string;
                                };
                            };
                            customer: {
                                id: string;
                                guid: string;
                                name: string;
                                industry: {
                                    id: string;
                                    display: string;
                                    model: string;
                                };
                                contactFirstName: string;
                                contactLastName: string;
                                contactPhone: string;
                                contactEmail: string;
                                projectCount: number;
                                isActive: boolean;
                                version: number;
                                auditing: {
                                    createdOn: string;
                                    lastUpdatedOn: string;
                                };
                            };
                            transits: {
                                id: string;
                                guid: string;
                                projectId: string;
                                name: string;
                                copies: number;
                                /** @enum {string} */
                                shape: "ROUND" | "RECTANGLE";
                                widthMm: number | null;
                                heightMm: number | null;
                                radiusMm: number | null;
                                diameterMm: number | null;
                                nominalSize: string | null;
                                sparePercent: number | null;
                                comments: string;
                                penetratingItemTypeId: ("PIPE_PLASTIC" | "PIPE" | "CABLE") | null;
                                transitTypeId: ("NOFIRNO" | "NOFIRNO/CER" | "NOFIRNO/RISE" | "RISE_ULTRA") | null;
                                classId: ("WATERTIGHT" | "FIRE_RATED" | "H_CLASS" | "A_60_CLASS" | "A_CLASS" | "A_0_CLASS") | null;
                                penetratingItemType: {
                                    id: string;
                                    display: string;
                                    model: string;
                                } | null;
                                transitType: {
                                    id: string;
                                    display: string;
                                    model: string;
                                } | null;
                                class: {
                                    id: string;
                                    display: string;
                                    model: string;
                                } | null;
                                sealantType: string | null;
                                sealantDepth: ("SINGLE" | "DOUBLE") | null;
                                crusherPipeConfiguration: ("SINGLE" | "MULTIPLE") | null;
                                singleCrusherPipeId: string | null;
                                depthMm: number | null;
                                penetratingItemCount: number;
                                isRemoved: boolean;
                                version: number;
                                auditing: {
                                    createdOn: string;
                                    lastUpdatedOn: string;
                                };
                                results: unknown | null;
                                penetratingItems: {
                                    id: string;
                                    guid: string;
                                    transitId: string;
                                    itemTypeId: ("PIPE_PLASTIC" | "PIPE" | "CABLE") | null;
                                    quantity: number;
                                    outerDiameterMm: number;
                                    crusherId: string | null;
                                    plasticPipeDiameterMm: number | null;
                                    sleevedDiameterMm: number | null;
                                    diameterPlusClearanceMm: number | null;
                                    tag: string | null;
                                    specification: string | null;
                                    sort: number;
                                    isRemoved: boolean;
                                    version: number;
                                    auditing: {
                                        createdOn: string;
                                        lastUpdatedOn: string;
                                    };
                                }[];
                            }[];
                        };
                        messages: string[];
                        error?: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "BAD_REQUEST" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DENIED" | "ACCOUNT_SUSPENDED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "VERSION_CONFLICT" | "EMAIL_TAKEN" | "RATE_LIMITED" | "RESET_TOKEN_INVALID" | "PAYLOAD_TOO_LARGE" | "MAIL_FAILED" | "TIME_BUDGET_EXCEEDED" | "MEMORY_BUDGET_EXCEEDED" | "BULK_WORK_BUSY" | "LOCKED" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "INTERNAL" | "EXTERNAL_NOT_CONFIGURED" | "EXTERNAL_SIGN_IN_FAILED" | "EXTERNAL_ID_IN_USE" | "EXTERNAL_PROVIDER_UNAVAILABLE";
                            message: string;
                            error_description?: string;
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request is not valid (the envelope names the field and why) (`VALIDATION_FAILED`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Please enter a name for the key."
                     *       ],
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Please enter a name for the key."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No valid access token: sign in (POST /api/auth/token) and send it as a bearer token (`UNAUTHENTICATED`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key is not valid: it is unknown, revoked or expired."
                     *       ],
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "The API key is not valid: it is unknown, revoked or expired."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The caller's account or roles do not allow this call (`FORBIDDEN`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key does not have the \"write\" scope this call needs."
                     *       ],
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "The API key does not have the \"write\" scope this call needs."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record in the caller's organization (`NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "This project does not exist."
                     *       ],
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "This project does not exist."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: try again after Retry-After seconds (`RATE_LIMITED`) */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Too many requests with this API key: try again after the time in Retry-After."
                     *       ],
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Too many requests with this API key: try again after the time in Retry-After."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Something went wrong on the server (the message carries a reference) (`INTERNAL`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Something went wrong (reference 3f1c…)."
                     *       ],
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Something went wrong (reference 3f1c…)."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "v1.projects.site": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            projectId: string;
                            locations: {
                                id: string;
                                parentId: string | null;
                                name: string;
                                sort: number;
                                version: number;
                            }[];
                            transits: {
                                transitId: string;
                                locationId: string | null;
                                /** @enum {string} */
                                status: "DESIGNED" | "INSTALLED" | "INSPECTION_PASSED" | "INSPECTION_FAILED";
                            }[];
                            counts: {
                                DESIGNED: number;
                                INSTALLED: number;
                                INSPECTION_PASSED: number;
                                INSPECTION_FAILED: number;
                            };
                        };
                        messages: string[];
                        error?: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "BAD_REQUEST" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DENIED" | "ACCOUNT_SUSPENDED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "VERSION_CONFLICT" | "EMAIL_TAKEN" | "RATE_LIMITED" | "RESET_TOKEN_INVALID" | "PAYLOAD_TOO_LARGE" | "MAIL_FAILED" | "TIME_BUDGET_EXCEEDED" | "MEMORY_BUDGET_EXCEEDED" | "BULK_WORK_BUSY" | "LOCKED" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "INTERNAL" | "EXTERNAL_NOT_CONFIGURED" | "EXTERNAL_SIGN_IN_FAILED" | "EXTERNAL_ID_IN_USE" | "EXTERNAL_PROVIDER_UNAVAILABLE";
                            message: string;
                            error_description?: string;
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request is not valid (the envelope names the field and why) (`VALIDATION_FAILED`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Please enter a name for the key."
                     *       ],
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Please enter a name for the key."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No valid access token: sign in (POST /api/auth/token) and send it as a bearer token (`UNAUTHENTICATED`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key is not valid: it is unknown, revoked or expired."
                     *       ],
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "The API key is not valid: it is unknown, revoked or expired."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The caller's account or roles do not allow this call (`FORBIDDEN`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key does not have the \"write\" scope this call needs."
                     *       ],
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "The API key does not have the \"write\" scope this call needs."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record in the caller's organization (`NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "This project does not exist."
                     *       ],
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "This project does not exist."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: try again after Retry-After seconds (`RATE_LIMITED`) */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Too many requests with this API key: try again after the time in Retry-After."
                     *       ],
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Too many requests with this API key: try again after the time in Retry-After."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Something went wrong on the server (the message carries a reference) (`INTERNAL`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Something went wrong (reference 3f1c…)."
                     *       ],
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Something went wrong (reference 3f1c…)."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "v1.projects.export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "outputFormat": "PDF",
                 *       "measurementSystem": "METRIC",
                 *       "language": "de-DE"
                 *     }
                 */
                "application/json": {
                    /**
                     * @default PDF
                     * @enum {string}
                     */
                    outputFormat?: "PDF" | "RTF" | "DOCX" | "CSV" | "XLSX" | "DXF";
                    /** @enum {string} */
                    measurementSystem: "METRIC" | "IMPERIAL";
                    /** @default [] */
                    transitIds?: string[];
                    /**
                     * @default LETTER
                     * @enum {string}
                     */
                    size?: "LETTER" | "A4";
                    /** @default false */
                    isProjectMaterialsOnly?: boolean;
                    /**
                     * @default PROJECT
                     * @enum {string}
                     */
                    scope?: "PROJECT" | "CURRENT" | "TRANSITS";
                    /**
                     * @default en-US
                     * @enum {string}
                     */
                    language?: "en-US" | "de-DE" | "fr-FR" | "zh-Hans";
                };
            };
        };
        responses: {
            /** @description The document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/rtf": string;
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                    "text/csv; charset=utf-8": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                    "image/vnd.dxf": string;
                    "application/zip": string;
                };
            };
            /** @description The request is not valid (the envelope names the field and why) (`VALIDATION_FAILED`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Please enter a name for the key."
                     *       ],
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Please enter a name for the key."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No valid access token: sign in (POST /api/auth/token) and send it as a bearer token (`UNAUTHENTICATED`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key is not valid: it is unknown, revoked or expired."
                     *       ],
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "The API key is not valid: it is unknown, revoked or expired."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The caller's account or roles do not allow this call (`FORBIDDEN`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key does not have the \"write\" scope this call needs."
                     *       ],
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "The API key does not have the \"write\" scope this call needs."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record in the caller's organization (`NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "This project does not exist."
                     *       ],
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "This project does not exist."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body or the work it asks for is larger than the server takes (`PAYLOAD_TOO_LARGE`, `MEMORY_BUDGET_EXCEEDED`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The request body is too large."
                     *       ],
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "The request body is too large."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is not of the media type this call reads (`UNSUPPORTED_MEDIA_TYPE`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Unsupported content type."
                     *       ],
                     *       "error": {
                     *         "code": "UNSUPPORTED_MEDIA_TYPE",
                     *         "message": "Unsupported content type."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: try again after Retry-After seconds (`RATE_LIMITED`, `BULK_WORK_BUSY`) */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Too many requests with this API key: try again after the time in Retry-After."
                     *       ],
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Too many requests with this API key: try again after the time in Retry-After."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Something went wrong on the server (the message carries a reference) (`INTERNAL`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Something went wrong (reference 3f1c…)."
                     *       ],
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Something went wrong (reference 3f1c…)."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The work did not finish within its time budget, or the service is not configured (`TIME_BUDGET_EXCEEDED`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "See the message."
                     *       ],
                     *       "error": {
                     *         "code": "TIME_BUDGET_EXCEEDED",
                     *         "message": "See the message."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "v1.transits.get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transitId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            transit: {
                                id: string;
                                guid: string;
                                projectId: string;
                                name: string;
                                copies: number;
                                /** @enum {string} */
                                shape: "ROUND" | "RECTANGLE";
                                widthMm: number | null;
                                heightMm: number | null;
                                radiusMm: number | null;
                                diameterMm: number | null;
                                nominalSize: string | null;
                                sparePercent: number | null;
                                comments: string;
                                penetratingItemTypeId: ("PIPE_PLASTIC" | "PIPE" | "CABLE") | null;
                                transitTypeId: ("NOFIRNO" | "NOFIRNO/CER" | "NOFIRNO/RISE" | "RISE_ULTRA") | null;
                                classId: ("WATERTIGHT" | "FIRE_RATED" | "H_CLASS" | "A_60_CLASS" | "A_CLASS" | "A_0_CLASS") | null;
                                penetratingItemType: {
                                    id: string;
                                    display: string;
                                    model: string;
                                } | null;
                                transitType: {
                                    id: string;
                                    display: string;
                                    model: string;
                                } | null;
                                class: {
                                    id: string;
                                    display: string;
                                    model: string;
                                } | null;
                                sealantType: string | null;
                                sealantDepth: ("SINGLE" | "DOUBLE") | null;
                                crusherPipeConfiguration: ("SINGLE" | "MULTIPLE") | null;
                                singleCrusherPipeId: string | null;
                                depthMm: number | null;
                                penetratingItemCount: number;
                                isRemoved: boolean;
                                version: number;
                                auditing: {
                                    createdOn: string;
                                    lastUpdatedOn: string;
                                };
                                results: unknown | null;
                            };
                            penetratingItems: {
                                id: string;
                                guid: string;
                                transitId: string;
                                itemTypeId: ("PIPE_PLASTIC" | "PIPE" | "CABLE") | null;
                                quantity: number;
                                outerDiameterMm: number;
                                crusherId: string | null;
                                plasticPipeDiameterMm: number | null;
                                sleevedDiameterMm: number | null;
                                diameterPlusClearanceMm: number | null;
                                tag: string | null;
                                specification: string | null;
                                sort: number;
                                isRemoved: boolean;
                                version: number;
                                auditing: {
                                    createdOn: string;
                                    lastUpdatedOn: string;
                                };
                            }[];
                        };
                        messages: string[];
                        error?: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "BAD_REQUEST" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DENIED" | "ACCOUNT_SUSPENDED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "VERSION_CONFLICT" | "EMAIL_TAKEN" | "RATE_LIMITED" | "RESET_TOKEN_INVALID" | "PAYLOAD_TOO_LARGE" | "MAIL_FAILED" | "TIME_BUDGET_EXCEEDED" | "MEMORY_BUDGET_EXCEEDED" | "BULK_WORK_BUSY" | "LOCKED" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "INTERNAL" | "EXTERNAL_NOT_CONFIGURED" | "EXTERNAL_SIGN_IN_FAILED" | "EXTERNAL_ID_IN_USE" | "EXTERNAL_PROVIDER_UNAVAILABLE";
                            message: string;
                            error_description?: string;
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request is not valid (the envelope names the field and why) (`VALIDATION_FAILED`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Please enter a name for the key."
                     *       ],
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Please enter a name for the key."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No valid access token: sign in (POST /api/auth/token) and send it as a bearer token (`UNAUTHENTICATED`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key is not valid: it is unknown, revoked or expired."
                     *       ],
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "The API key is not valid: it is unknown, revoked or expired."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The caller's account or roles do not allow this call (`FORBIDDEN`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key does not have the \"write\" scope this call needs."
                     *       ],
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "The API key does not have the \"write\" scope this call needs."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record in the caller's organization (`NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "This project does not exist."
                     *       ],
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "This project does not exist."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: try again after Retry-After seconds (`RATE_LIMITED`) */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Too many requests with this API key: try again after the time in Retry-After."
                     *       ],
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Too many requests with this API key: try again after the time in Retry-After."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Something went wrong on the server (the message carries a reference) (`INTERNAL`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Something went wrong (reference 3f1c…)."
                     *       ],
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Something went wrong (reference 3f1c…)."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "v1.transits.create": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own (1 to 255 printable characters, e.g. a UUID) that makes a retry safe: a second request with the same key and body within 24 hours answers the first one's answer (with `Idempotent-Replayed: true`) and creates nothing. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "transit": {
                 *         "projectId": "5d1f0e7a-93a4-4c39-b7a1-0e4f3d2c9b10",
                 *         "name": "Frame 42 cable transit",
                 *         "shape": "ROUND",
                 *         "diameterMm": 150,
                 *         "penetratingItemTypeId": "CABLE",
                 *         "transitTypeId": "NOFIRNO",
                 *         "classId": "A_60_CLASS",
                 *         "sealantType": "NOFIRNO_SEALANT",
                 *         "sealantDepth": "DOUBLE",
                 *         "depthMm": 150
                 *       },
                 *       "penetratingItems": [
                 *         {
                 *           "itemTypeId": "CABLE",
                 *           "quantity": 4,
                 *           "outerDiameterMm": 18.5,
                 *           "tag": "C-101",
                 *           "specification": "RFOU(i) 3x35"
                 *         },
                 *         {
                 *           "itemTypeId": "CABLE",
                 *           "quantity": 2,
                 *           "outerDiameterMm": 32,
                 *           "tag": "C-102"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    penetratingItems: {
                        /** Format: uuid */
                        id?: string;
                        /** Format: uuid */
                        transitId?: string;
                        itemTypeId?: ("PIPE_PLASTIC" | "PIPE" | "CABLE") | null;
                        quantity: number;
                        outerDiameterMm: number;
                        crusherId?: string | null;
                        tag?: string | null;
                        specification?: string | null;
                        sort?: number;
                        isRemoved?: boolean;
                        version?: number;
                    }[];
                    transit: {
                        /** Format: uuid */
                        id?: string;
                        /** Format: uuid */
                        projectId: string;
                        /** @default  */
                        name?: string;
                        /** @default 1 */
                        copies?: number;
                        /**
                         * @default ROUND
                         * @enum {string}
                         */
                        shape?: "ROUND" | "RECTANGLE";
                        widthMm?: number | null;
                        heightMm?: number | null;
                        radiusMm?: number | null;
                        diameterMm?: number | null;
                        nominalSize?: string | null;
                        sparePercent?: number | null;
                        /** @default  */
                        comments?: string;
                        penetratingItemTypeId?: ("PIPE_PLASTIC" | "PIPE" | "CABLE") | null;
                        transitTypeId?: ("NOFIRNO" | "NOFIRNO/CER" | "NOFIRNO/RISE" | "RISE_ULTRA") | null;
                        classId?: ("WATERTIGHT" | "FIRE_RATED" | "H_CLASS" | "A_60_CLASS" | "A_CLASS" | "A_0_CLASS") | null;
                        sealantType?: string | null;
                        sealantDepth?: ("SINGLE" | "DOUBLE") | null;
                        crusherPipeConfiguration?: ("SINGLE" | "MULTIPLE") | null;
                        singleCrusherPipeId?: string | null;
                        depthMm?: number | null;
                        version?: number;
                        force?: boolean;
                        isDelete?: boolean;
                    };
                    layout?: {
                        centres: {
                            xMm: number;
                            yMm: number;
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description true when the answer is the stored answer of an earlier request with the same key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            transit: {
                                id: string;
                                guid: string;
                                projectId: string;
                                name: string;
                                copies: number;
                                /** @enum {string} */
                                shape: "ROUND" | "RECTANGLE";
                                widthMm: number | null;
                                heightMm: number | null;
                                radiusMm: number | null;
                                diameterMm: number | null;
                                nominalSize: string | null;
                                sparePercent: number | null;
                                comments: string;
                                penetratingItemTypeId: ("PIPE_PLASTIC" | "PIPE" | "CABLE") | null;
                                transitTypeId: ("NOFIRNO" | "NOFIRNO/CER" | "NOFIRNO/RISE" | "RISE_ULTRA") | null;
                                classId: ("WATERTIGHT" | "FIRE_RATED" | "H_CLASS" | "A_60_CLASS" | "A_CLASS" | "A_0_CLASS") | null;
                                penetratingItemType: {
                                    id: string;
                                    display: string;
                                    model: string;
                                } | null;
                                transitType: {
                                    id: string;
                                    display: string;
                                    model: string;
                                } | null;
                                class: {
                                    id: string;
                                    display: string;
                                    model: string;
                                } | null;
                                sealantType: string | null;
                                sealantDepth: ("SINGLE" | "DOUBLE") | null;
                                crusherPipeConfiguration: ("SINGLE" | "MULTIPLE") | null;
                                singleCrusherPipeId: string | null;
                                depthMm: number | null;
                                penetratingItemCount: number;
                                isRemoved: boolean;
                                version: number;
                                auditing: {
                                    createdOn: string;
                                    lastUpdatedOn: string;
                                };
                                results: unknown | null;
                            };
                            penetratingItems: {
                                id: string;
                                guid: string;
                                transitId: string;
                                itemTypeId: ("PIPE_PLASTIC" | "PIPE" | "CABLE") | null;
                                quantity: number;
                                outerDiameterMm: number;
                                crusherId: string | null;
                                plasticPipeDiameterMm: number | null;
                                sleevedDiameterMm: number | null;
                                diameterPlusClearanceMm: number | null;
                                tag: string | null;
                                specification: string | null;
                                sort: number;
                                isRemoved: boolean;
                                version: number;
                                auditing: {
                                    createdOn: string;
                                    lastUpdatedOn: string;
                                };
                            }[];
                        };
                        messages: string[];
                        error?: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "BAD_REQUEST" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DENIED" | "ACCOUNT_SUSPENDED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "VERSION_CONFLICT" | "EMAIL_TAKEN" | "RATE_LIMITED" | "RESET_TOKEN_INVALID" | "PAYLOAD_TOO_LARGE" | "MAIL_FAILED" | "TIME_BUDGET_EXCEEDED" | "MEMORY_BUDGET_EXCEEDED" | "BULK_WORK_BUSY" | "LOCKED" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "INTERNAL" | "EXTERNAL_NOT_CONFIGURED" | "EXTERNAL_SIGN_IN_FAILED" | "EXTERNAL_ID_IN_USE" | "EXTERNAL_PROVIDER_UNAVAILABLE";
                            message: string;
                            error_description?: string;
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request is not valid (the envelope names the field and why) (`VALIDATION_FAILED`, `BAD_REQUEST`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Please enter a name for the key."
                     *       ],
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Please enter a name for the key."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No valid access token: sign in (POST /api/auth/token) and send it as a bearer token (`UNAUTHENTICATED`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key is not valid: it is unknown, revoked or expired."
                     *       ],
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "The API key is not valid: it is unknown, revoked or expired."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The caller's account or roles do not allow this call (`FORBIDDEN`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key does not have the \"write\" scope this call needs."
                     *       ],
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "The API key does not have the \"write\" scope this call needs."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record in the caller's organization (`NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "This project does not exist."
                     *       ],
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "This project does not exist."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The record was changed since it was read, or the value is taken (`CONFLICT`, `VERSION_CONFLICT`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "This Idempotency-Key was used with another request: use a new key for a new request."
                     *       ],
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "This Idempotency-Key was used with another request: use a new key for a new request."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body or the work it asks for is larger than the server takes (`PAYLOAD_TOO_LARGE`, `MEMORY_BUDGET_EXCEEDED`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The request body is too large."
                     *       ],
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "The request body is too large."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is not of the media type this call reads (`UNSUPPORTED_MEDIA_TYPE`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Unsupported content type."
                     *       ],
                     *       "error": {
                     *         "code": "UNSUPPORTED_MEDIA_TYPE",
                     *         "message": "Unsupported content type."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: try again after Retry-After seconds (`RATE_LIMITED`, `BULK_WORK_BUSY`) */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Too many requests with this API key: try again after the time in Retry-After."
                     *       ],
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Too many requests with this API key: try again after the time in Retry-After."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Something went wrong on the server (the message carries a reference) (`INTERNAL`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Something went wrong (reference 3f1c…)."
                     *       ],
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Something went wrong (reference 3f1c…)."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The work did not finish within its time budget, or the service is not configured (`TIME_BUDGET_EXCEEDED`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "See the message."
                     *       ],
                     *       "error": {
                     *         "code": "TIME_BUDGET_EXCEEDED",
                     *         "message": "See the message."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "v1.schedules.import": {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of your own (1 to 255 printable characters, e.g. a UUID) that makes a retry safe: a second request with the same key and body within 24 hours answers the first one's answer (with `Idempotent-Replayed: true`) and creates nothing. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    projectId: string;
                    fileName?: string | null;
                    transitId?: string | null;
                    headings: string[];
                    rows: string[][];
                    rowNumbers?: number[];
                    mapping: {
                        tag: number | null;
                        /** @default null */
                        specification?: number | null;
                        type: number | null;
                        outerDiameter: number | null;
                        quantity: number | null;
                        transit: number | null;
                        /** @default null */
                        transitShape?: number | null;
                        /** @default null */
                        transitSize?: number | null;
                        /** @default null */
                        transitType?: number | null;
                        /** @default null */
                        transitClass?: number | null;
                        /** @default null */
                        transitDepth?: number | null;
                        /** @default null */
                        location?: number | null;
                    };
                    /**
                     * @default MM
                     * @enum {string}
                     */
                    diameterUnit?: "MM" | "INCH";
                    /**
                     * @default CABLE
                     * @enum {string}
                     */
                    defaultItemType?: "CABLE" | "PIPE" | "PIPE_PLASTIC";
                    /**
                     * @default {
                     *       "transitTypeId": null,
                     *       "classId": null,
                     *       "depthMm": null,
                     *       "sizeToFit": false
                     *     }
                     */
                    newTransits?: {
                        /** @default null */
                        transitTypeId?: ("NOFIRNO" | "NOFIRNO/CER" | "NOFIRNO/RISE" | "RISE_ULTRA") | null;
                        /** @default null */
                        classId?: ("WATERTIGHT" | "FIRE_RATED" | "H_CLASS" | "A_60_CLASS" | "A_CLASS" | "A_0_CLASS") | null;
                        /** @default null */
                        depthMm?: number | null;
                        /** @default false */
                        sizeToFit?: boolean;
                    };
                    /** @default true */
                    createTransits?: boolean;
                    /** @default true */
                    skipDuplicates?: boolean;
                    /** @default false */
                    dryRun?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description true when the answer is the stored answer of an earlier request with the same key */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            applied: boolean;
                            dryRun: boolean;
                            message: string | null;
                            rows: {
                                row: number;
                                /** @enum {string} */
                                status: "IMPORTED" | "READY" | "REJECTED" | "DUPLICATE_SKIPPED" | "BLANK";
                                transitName: string | null;
                                tag: string | null;
                                problems: {
                                    /** @enum {string} */
                                    field: "tag" | "specification" | "type" | "outerDiameter" | "quantity" | "transit" | "transitShape" | "transitSize" | "transitType" | "transitClass" | "transitDepth" | "location";
                                    column: number | null;
                                    message: string;
                                }[];
                                warnings: string[];
                            }[];
                            counts: {
                                rows: number;
                                imported: number;
                                rejected: number;
                                duplicates: number;
                                blank: number;
                                items: number;
                            };
                            transits: {
                                id: string | null;
                                name: string;
                                created: boolean;
                                itemLines: number;
                                /** @enum {string} */
                                shape: "ROUND" | "RECTANGLE";
                                diameterMm: number | null;
                                widthMm: number | null;
                                heightMm: number | null;
                                location: string | null;
                                filledPercent: number | null;
                                fits: boolean | null;
                            }[];
                        };
                        messages: string[];
                        error?: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "BAD_REQUEST" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DENIED" | "ACCOUNT_SUSPENDED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "VERSION_CONFLICT" | "EMAIL_TAKEN" | "RATE_LIMITED" | "RESET_TOKEN_INVALID" | "PAYLOAD_TOO_LARGE" | "MAIL_FAILED" | "TIME_BUDGET_EXCEEDED" | "MEMORY_BUDGET_EXCEEDED" | "BULK_WORK_BUSY" | "LOCKED" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "INTERNAL" | "EXTERNAL_NOT_CONFIGURED" | "EXTERNAL_SIGN_IN_FAILED" | "EXTERNAL_ID_IN_USE" | "EXTERNAL_PROVIDER_UNAVAILABLE";
                            message: string;
                            error_description?: string;
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request is not valid (the envelope names the field and why) (`VALIDATION_FAILED`, `BAD_REQUEST`) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Please enter a name for the key."
                     *       ],
                     *       "error": {
                     *         "code": "VALIDATION_FAILED",
                     *         "message": "Please enter a name for the key."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No valid access token: sign in (POST /api/auth/token) and send it as a bearer token (`UNAUTHENTICATED`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key is not valid: it is unknown, revoked or expired."
                     *       ],
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "The API key is not valid: it is unknown, revoked or expired."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The caller's account or roles do not allow this call (`FORBIDDEN`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key does not have the \"write\" scope this call needs."
                     *       ],
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "The API key does not have the \"write\" scope this call needs."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description No such record in the caller's organization (`NOT_FOUND`) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "This project does not exist."
                     *       ],
                     *       "error": {
                     *         "code": "NOT_FOUND",
                     *         "message": "This project does not exist."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The record was changed since it was read, or the value is taken (`CONFLICT`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "This Idempotency-Key was used with another request: use a new key for a new request."
                     *       ],
                     *       "error": {
                     *         "code": "CONFLICT",
                     *         "message": "This Idempotency-Key was used with another request: use a new key for a new request."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body or the work it asks for is larger than the server takes (`PAYLOAD_TOO_LARGE`, `MEMORY_BUDGET_EXCEEDED`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The request body is too large."
                     *       ],
                     *       "error": {
                     *         "code": "PAYLOAD_TOO_LARGE",
                     *         "message": "The request body is too large."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The body is not of the media type this call reads (`UNSUPPORTED_MEDIA_TYPE`) */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Unsupported content type."
                     *       ],
                     *       "error": {
                     *         "code": "UNSUPPORTED_MEDIA_TYPE",
                     *         "message": "Unsupported content type."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: try again after Retry-After seconds (`RATE_LIMITED`, `BULK_WORK_BUSY`) */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Too many requests with this API key: try again after the time in Retry-After."
                     *       ],
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Too many requests with this API key: try again after the time in Retry-After."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Something went wrong on the server (the message carries a reference) (`INTERNAL`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Something went wrong (reference 3f1c…)."
                     *       ],
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Something went wrong (reference 3f1c…)."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The work did not finish within its time budget, or the service is not configured (`TIME_BUDGET_EXCEEDED`) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "See the message."
                     *       ],
                     *       "error": {
                     *         "code": "TIME_BUDGET_EXCEEDED",
                     *         "message": "See the message."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "v1.statuses.counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            DESIGNED: number;
                            INSTALLED: number;
                            INSPECTION_PASSED: number;
                            INSPECTION_FAILED: number;
                        };
                        messages: string[];
                        error?: {
                            /** @enum {string} */
                            code: "VALIDATION_FAILED" | "BAD_REQUEST" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "ACCOUNT_PENDING" | "ACCOUNT_DENIED" | "ACCOUNT_SUSPENDED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "VERSION_CONFLICT" | "EMAIL_TAKEN" | "RATE_LIMITED" | "RESET_TOKEN_INVALID" | "PAYLOAD_TOO_LARGE" | "MAIL_FAILED" | "TIME_BUDGET_EXCEEDED" | "MEMORY_BUDGET_EXCEEDED" | "BULK_WORK_BUSY" | "LOCKED" | "UNSUPPORTED_MEDIA_TYPE" | "NOT_CONFIGURED" | "UPSTREAM_FAILED" | "INTERNAL" | "EXTERNAL_NOT_CONFIGURED" | "EXTERNAL_SIGN_IN_FAILED" | "EXTERNAL_ID_IN_USE" | "EXTERNAL_PROVIDER_UNAVAILABLE";
                            message: string;
                            error_description?: string;
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description No valid access token: sign in (POST /api/auth/token) and send it as a bearer token (`UNAUTHENTICATED`) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key is not valid: it is unknown, revoked or expired."
                     *       ],
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "The API key is not valid: it is unknown, revoked or expired."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The caller's account or roles do not allow this call (`FORBIDDEN`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "The API key does not have the \"write\" scope this call needs."
                     *       ],
                     *       "error": {
                     *         "code": "FORBIDDEN",
                     *         "message": "The API key does not have the \"write\" scope this call needs."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Too many requests: try again after Retry-After seconds (`RATE_LIMITED`) */
            429: {
                headers: {
                    /** @description Seconds to wait before asking again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Too many requests with this API key: try again after the time in Retry-After."
                     *       ],
                     *       "error": {
                     *         "code": "RATE_LIMITED",
                     *         "message": "Too many requests with this API key: try again after the time in Retry-After."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description Something went wrong on the server (the message carries a reference) (`INTERNAL`) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": false,
                     *       "data": null,
                     *       "messages": [
                     *         "Something went wrong (reference 3f1c…)."
                     *       ],
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Something went wrong (reference 3f1c…)."
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
}
